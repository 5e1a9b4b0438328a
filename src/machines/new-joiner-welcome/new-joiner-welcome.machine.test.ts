import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { NewJoinerWelcomeItem } from '../../api/schemas/new-joiner-welcome.schema';
import { waitFor } from '../testing/wait-for';
import { newJoinerWelcomeMachine } from './new-joiner-welcome.machine';
import { newJoinerWelcomeOracle } from './new-joiner-welcome.oracle';
import { selectNewJoinerWelcomeView } from './new-joiner-welcome.selectors';

const item: NewJoinerWelcomeItem = { id: '1', title: 'First' };

/** The machine with a load that answers from a list of outcomes, one per call. */
function start(outcomes: ('ok' | 'fail')[]) {
  const load = fromPromise<NewJoinerWelcomeItem[]>(async () => {
    if (outcomes.shift() === 'fail') throw new Error('offline');
    return [item];
  });
  return createActor(newJoinerWelcomeMachine.provide({ actors: { load } })).start();
}

describe('new-joiner-welcome machine', () => {
  it('loads the items, then shows them', async () => {
    const actor = start(['ok']);
    expect(selectNewJoinerWelcomeView(actor.getSnapshot())).toEqual({ status: 'loading', items: [], canRetry: false });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(selectNewJoinerWelcomeView(actor.getSnapshot())).toEqual({ status: 'ready', items: [item], canRetry: false });
  });

  it('a failed load offers retry, which loads again', async () => {
    const actor = start(['fail', 'ok']);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectNewJoinerWelcomeView(actor.getSnapshot()).canRetry).toBe(true);
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.items).toEqual([item]);
  });

  it('accepts retry exactly where the oracle says, and goes where it says', async () => {
    for (const [state, outcomes] of [['loading', []], ['ready', ['ok']], ['failed', ['fail', 'ok']]] as const) {
      const actor = start([...outcomes]);
      if (state !== 'loading') await waitFor(actor, (s) => s.matches(state));
      const expected = newJoinerWelcomeOracle[state].retry;
      expect(actor.getSnapshot().can({ type: 'retry' }), state).toBe(expected !== null);
      if (expected) {
        actor.send({ type: 'retry' });
        expect(actor.getSnapshot().value).toBe(expected);
      }
      actor.stop();
    }
  });
});
