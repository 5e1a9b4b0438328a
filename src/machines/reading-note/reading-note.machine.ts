import { assign, fromPromise, setup } from 'xstate';
import type { ReadingNote } from '../../api/schemas/reading-note.schema';
import { READING_NOTE_QUOTE_MAX, READING_NOTE_TEXT_MAX } from '../../config/reading-note';

// Issue 47, ADR 102: the notes panel beside a lesson item or a PDF. The learner writes a note,
// may take the selected passage as its quote, edits or deletes their notes. The page a note is on
// is the PDF page shown when it is saved. Effects are named placeholders (routes/reading-note).

export interface ReadingNotePlace {
  itemId: string;
  /** The PDF page shown now (null: no PDF). */
  page: number | null;
}

export interface ReadingNoteSave {
  /** null: a new note at `place`; an id: that note's new text and quote. */
  editingId: string | null;
  place: ReadingNotePlace;
  text: string;
  quote: string | null;
}

export interface ReadingNoteContext {
  place: ReadingNotePlace;
  notes: ReadingNote[];
  draft: string;
  quote: string | null;
  editingId: string | null;
  /** The last write that failed (the draft stays). */
  error: 'save_failed' | 'delete_failed' | null;
}

export type ReadingNoteEvent =
  | { type: 'retry' }
  | { type: 'draft.change'; text: string }
  | { type: 'quote.take'; text: string }
  | { type: 'quote.clear' }
  | { type: 'edit'; id: string }
  | { type: 'edit.cancel' }
  | { type: 'save' }
  | { type: 'delete'; id: string }
  | { type: 'place.page'; page: number | null };

/** A draft the server takes: some text, not over the limit (the server judges again). */
export const draftSavable = (draft: string): boolean => draft.trim().length > 0 && draft.trim().length <= READING_NOTE_TEXT_MAX;

const cleared = { draft: '', quote: null, editingId: null } as const;

export const readingNoteMachine = setup({
  types: {
    context: {} as ReadingNoteContext,
    events: {} as ReadingNoteEvent,
    input: {} as ReadingNotePlace,
  },
  actors: {
    load: fromPromise<ReadingNote[], { itemId: string }>(async () => {
      throw new Error('load must be provided (src/routes/reading-note/reading-note.actor.ts)');
    }),
    save: fromPromise<ReadingNote, ReadingNoteSave>(async () => {
      throw new Error('save must be provided');
    }),
    remove: fromPromise<string, { id: string }>(async () => {
      throw new Error('remove must be provided');
    }),
  },
  guards: {
    savable: ({ context }) => draftSavable(context.draft),
    ownNote: ({ context, event }) => 'id' in event && context.notes.some((n) => n.id === event.id),
  },
}).createMachine({
  id: 'readingNote',
  initial: 'loading',
  context: ({ input }) => ({ place: input, notes: [], ...cleared, error: null }),
  on: {
    'place.page': { actions: assign({ place: ({ context, event }) => ({ ...context.place, page: event.page }) }) },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ itemId: context.place.itemId }),
        onDone: { target: 'ready', actions: assign({ notes: ({ event }) => event.output }) },
        onError: { target: 'failed' },
      },
    },
    failed: {
      on: { retry: 'loading' },
    },
    ready: {
      on: {
        'draft.change': { actions: assign({ draft: ({ event }) => event.text, error: null }) },
        'quote.take': { actions: assign({ quote: ({ event }) => event.text.trim().slice(0, READING_NOTE_QUOTE_MAX) || null }) },
        'quote.clear': { actions: assign({ quote: null }) },
        edit: {
          guard: 'ownNote',
          actions: assign(({ context, event }) => {
            const note = context.notes.find((n) => n.id === event.id)!;
            return { editingId: note.id, draft: note.text, quote: note.quote, error: null };
          }),
        },
        'edit.cancel': { actions: assign({ ...cleared, error: null }) },
        save: { guard: 'savable', target: 'saving' },
        delete: { guard: 'ownNote', target: 'deleting' },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ editingId: context.editingId, place: context.place, text: context.draft.trim(), quote: context.quote }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            notes: context.editingId ? context.notes.map((n) => (n.id === event.output.id ? event.output : n)) : [event.output, ...context.notes.filter((n) => n.id !== event.output.id)],
            ...cleared,
            error: null,
          })),
        },
        onError: { target: 'ready', actions: assign({ error: 'save_failed' }) },
      },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ event }) => ({ id: (event as Extract<ReadingNoteEvent, { type: 'delete' }>).id }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            notes: context.notes.filter((n) => n.id !== event.output),
            ...(context.editingId === event.output ? cleared : {}),
            error: null,
          })),
        },
        onError: { target: 'ready', actions: assign({ error: 'delete_failed' }) },
      },
    },
  },
});
