import { assign, fromPromise, setup } from 'xstate';
import type { ReadingNoteItem } from '../../api/schemas/reading-note.schema';

export interface ReadingNoteContext {
  items: ReadingNoteItem[];
}

export type ReadingNoteEvent = { type: 'retry' };

/** ReadingNote: loading → ready | failed (retry). `load` is provided by src/routes/reading-note/reading-note.actor.ts. */
export const readingNoteMachine = setup({
  types: {
    context: {} as ReadingNoteContext,
    events: {} as ReadingNoteEvent,
  },
  actors: {
    load: fromPromise<ReadingNoteItem[]>(async () => {
      throw new Error('load must be provided (src/routes/reading-note/reading-note.actor.ts)');
    }),
  },
}).createMachine({
  id: 'readingNote',
  initial: 'loading',
  context: { items: [] },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'load',
        onDone: { target: 'ready', actions: assign({ items: ({ event }) => event.output }) },
        onError: { target: 'failed' },
      },
    },
    ready: {},
    failed: {
      on: { retry: 'loading' },
    },
  },
});
