import { fromPromise } from 'xstate';
import { getReadingNote } from '../../api/reading-note.api';
import type { ReadingNoteItem } from '../../api/schemas/reading-note.schema';
import { readingNoteMachine } from '../../machines/reading-note/reading-note.machine';

/** The one place the reading-note machine meets the API (DESIGN §2). */
export const readingNoteRouteMachine = readingNoteMachine.provide({
  actors: {
    load: fromPromise<ReadingNoteItem[]>(async () => (await getReadingNote()).items),
  },
});
