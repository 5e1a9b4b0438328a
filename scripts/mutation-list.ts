// Prints the mutants of one machine as JSON (used by scripts/test-mutation.mjs): tsx scripts/mutation-list.ts FILE EXPORT
import path from 'node:path';
import type { AnyStateMachine } from 'xstate';
import { mutantsOf } from '../src/machines/testing/mutation';

const [file, name] = process.argv.slice(2);
const mod = (await import(path.resolve(file))) as Record<string, AnyStateMachine>;
console.log(JSON.stringify(mutantsOf(mod[name]).map((m) => m.description)));
