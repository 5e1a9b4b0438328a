import { fromPromise } from 'xstate';
import { createReadingNote, deleteReadingNote, editReadingNote, getReadingNotes } from '../../api/reading-note.api';
import type { ReadingNote } from '../../api/schemas/reading-note.schema';
import { readingNoteMachine, type ReadingNoteSave } from '../../machines/reading-note/reading-note.machine';

/** The one place the notes panel's machine meets the API (DESIGN §2). */
export const readingNotePanelMachine = readingNoteMachine.provide({
  actors: {
    load: fromPromise<ReadingNote[], { itemId: string }>(({ input }) => getReadingNotes(input.itemId)),
    save: fromPromise<ReadingNote, ReadingNoteSave>(({ input }) =>
      input.editingId
        ? editReadingNote(input.editingId, { text: input.text, quote: input.quote })
        : createReadingNote({ item_id: input.place.itemId, pdf_page: input.place.page, text: input.text, quote: input.quote }),
    ),
    remove: fromPromise<string, { id: string }>(async ({ input }) => {
      await deleteReadingNote(input.id);
      return input.id;
    }),
  },
});
