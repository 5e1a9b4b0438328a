// Vitest setup file of `npm run test:mutation` only (vite.config.ts adds it when MUTANT_MODULE is
// set): replaces the machine under test by one mutant before the test file imports it.
import path from 'node:path';
import type { AnyStateMachine } from 'xstate';
import { applyMutant } from './mutation';

const file = process.env.MUTANT_MODULE;
const name = process.env.MUTANT_EXPORT;
const index = Number(process.env.MUTANT_INDEX);
if (file && name && Number.isInteger(index)) {
  const mod = (await import(/* @vite-ignore */ path.resolve(file))) as Record<string, AnyStateMachine>;
  applyMutant(mod[name], index);
}
