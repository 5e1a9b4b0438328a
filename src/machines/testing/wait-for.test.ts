import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { waitFor } from './wait-for';

const machine = createMachine({ id: 'm', initial: 'a', states: { a: { on: { go: 'b' } }, b: {} } });

describe('waitFor (machine tests)', () => {
  it('resolves with the snapshot once the predicate holds', async () => {
    const actor = createActor(machine).start();
    setTimeout(() => actor.send({ type: 'go' }), 5);
    expect((await waitFor(actor, (s) => s.matches('b'))).value).toBe('b');
  });

  it('fails fast with what it waited for and where the machine is', async () => {
    const actor = createActor(machine).start();
    const started = Date.now();
    await expect(waitFor(actor, (s) => s.matches('b'), { timeout: 50 })).rejects.toThrow(/waited 50 ms for .*matches\("b"\).*; the machine is in "a" \(active\)/);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
