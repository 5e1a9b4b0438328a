import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ReadingNoteItem } from '../../api/schemas/reading-note.schema';
import { waitFor } from '../testing/wait-for';
import { readingNoteMachine } from './reading-note.machine';
import { readingNoteOracle } from './reading-note.oracle';
import { selectReadingNoteView } from './reading-note.selectors';

const item: ReadingNoteItem = { id: '1', title: 'First' };

/** The machine with a load that answers from a list of outcomes, one per call. */
function start(outcomes: ('ok' | 'fail')[]) {
  const load = fromPromise<ReadingNoteItem[]>(async () => {
    if (outcomes.shift() === 'fail') throw new Error('offline');
    return [item];
  });
  return createActor(readingNoteMachine.provide({ actors: { load } })).start();
}

describe('reading-note machine', () => {
  it('loads the items, then shows them', async () => {
    const actor = start(['ok']);
    expect(selectReadingNoteView(actor.getSnapshot())).toEqual({ status: 'loading', items: [], canRetry: false });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(selectReadingNoteView(actor.getSnapshot())).toEqual({ status: 'ready', items: [item], canRetry: false });
  });

  it('a failed load offers retry, which loads again', async () => {
    const actor = start(['fail', 'ok']);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectReadingNoteView(actor.getSnapshot()).canRetry).toBe(true);
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.items).toEqual([item]);
  });

  it('accepts retry exactly where the oracle says, and goes where it says', async () => {
    for (const [state, outcomes] of [['loading', []], ['ready', ['ok']], ['failed', ['fail', 'ok']]] as const) {
      const actor = start([...outcomes]);
      if (state !== 'loading') await waitFor(actor, (s) => s.matches(state));
      const expected = readingNoteOracle[state].retry;
      expect(actor.getSnapshot().can({ type: 'retry' }), state).toBe(expected !== null);
      if (expected) {
        actor.send({ type: 'retry' });
        expect(actor.getSnapshot().value).toBe(expected);
      }
      actor.stop();
    }
  });
});
