import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_ARGS, SERVER_NODE_FLAGS } from '../../bench/server-command.mjs';

// ADR 049: the benches measure the server as `npm start` runs it, V8's flags included.
describe('the server command', () => {
  it('is the one npm start runs, after the build', () => {
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.start).toBe(`npm run build && node ${SERVER_ARGS.join(' ')}`);
  });

  it('gives V8 a 64 MB young generation semi-space', () => {
    expect(SERVER_NODE_FLAGS).toEqual(['--max-semi-space-size=64']);
  });
});
