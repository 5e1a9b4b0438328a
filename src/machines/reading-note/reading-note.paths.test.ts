import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot, type EventObject } from 'xstate';
import type { ReadingNote } from '../../api/schemas/reading-note.schema';
import { edgePaths, replayRuns } from '../testing/model-coverage';
import { waitFor } from '../testing/wait-for';
import { readingNoteMachine, type ReadingNoteContext, type ReadingNoteSave } from './reading-note.machine';
import { readingNoteOracle } from './reading-note.oracle';
import { selectReadingNoteView, type ReadingNoteSnapshot } from './reading-note.selectors';

// Model-based (DESIGN §4, ADR 022): every state and transition of the notes panel, replayed into a
// live actor whose calls the test settles by hand, checked at each step against the oracle written
// from the issue (reading-note.oracle.ts) and the view's invariants.

const note = (id: string, text: string): ReadingNote => ({
  id, course_id: '1', course_title: 'Ethics', item_id: '3', item_title: 'Guide', attachment_id: '2', attachment_name: 'guide.pdf',
  pdf_page: 2, text, quote: null, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z',
});
const KEPT = note('7', 'Kept');
const SAVED = note('8', 'Saved');

type TestEvent = EventObject & Record<string, unknown>;
const events: TestEvent[] = [
  { type: 'retry' },
  { type: 'draft.change', text: 'A thought' },
  { type: 'draft.change', text: '   ' },
  { type: 'quote.take', text: ' the passage ' },
  { type: 'quote.clear' },
  { type: 'edit', id: '7' },
  { type: 'edit', id: '999' },
  { type: 'edit.cancel' },
  { type: 'save' },
  { type: 'delete', id: '7' },
  { type: 'delete', id: '999' },
  { type: 'place.page', page: 3 },
  { type: 'xstate.done.actor.load', output: [KEPT] },
  { type: 'xstate.error.actor.load', error: new TypeError('Failed to fetch') },
  { type: 'xstate.done.actor.save', output: SAVED },
  { type: 'xstate.error.actor.save', error: new TypeError('Failed to fetch') },
  { type: 'xstate.done.actor.remove', output: '7' },
  { type: 'xstate.error.actor.remove', error: new TypeError('Failed to fetch') },
];

const ctx = (s: AnyMachineSnapshot) => s.context as ReadingNoteContext;
// The whole context: the notes are bounded (a saved note replaces one of its id), the drafts are the events'.
const serializeState = (s: AnyMachineSnapshot) => JSON.stringify({ value: s.value, context: ctx(s) });
const input = { itemId: '3', page: 1 };
const paths = edgePaths(readingNoteMachine, { serializeState, events: (s) => events.filter((e) => s.can(e)), input });

describe('reading-note machine, model-based', () => {
  it(`replays ${paths.length} generated paths against the issue’s table; every state and transition is covered`, async () => {
    const result = await replayRuns(readingNoteMachine, [{ input, paths }], {
      actorIds: ['load', 'save', 'remove'],
      events,
      oracle: readingNoteOracle as never,
      check: (live) => {
        const view = selectReadingNoteView(live as ReadingNoteSnapshot);
        // A note is shown only once the server answered; an edit is of a note in the list.
        if (view.status !== 'ready') expect(view.notes).toEqual([]);
        if (view.editingId) expect(view.notes.map((n) => n.id)).toContain(view.editingId);
        expect(view.busy).toBe(live.matches('loading') || live.matches('saving') || live.matches('deleting'));
        expect(JSON.stringify(view)).not.toContain('Failed to fetch');
      },
    });
    expect(result.paths).toBeGreaterThan(0);
    expect(result.uncovered).toEqual({ states: [], transitions: [] });
  }, 180_000);

  it('saves a new note at the PDF page shown, with the taken quote, and puts it first', async () => {
    const saved: ReadingNoteSave[] = [];
    const actor = createActor(
      readingNoteMachine.provide({
        actors: {
          load: fromPromise(async () => [KEPT]),
          save: fromPromise<ReadingNote, ReadingNoteSave>(async ({ input: call }) => (saved.push(call), SAVED)),
        },
      }),
      { input },
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'place.page', page: 4 });
    actor.send({ type: 'draft.change', text: '  A thought ' });
    actor.send({ type: 'quote.take', text: ' the passage ' });
    actor.send({ type: 'save' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(saved).toEqual([{ editingId: null, place: { itemId: '3', page: 4 }, text: 'A thought', quote: 'the passage' }]);
    expect(selectReadingNoteView(actor.getSnapshot())).toMatchObject({ notes: [SAVED, KEPT], draft: '', quote: null, canSave: false });
  });
});
