import { callRoute } from './call-route';
import type { ReadingNote, ReadingNoteEdit, ReadingNoteInput } from './schemas/reading-note.schema';
import { deleteReadingNoteRoute, getReadingNotesRoute, patchReadingNoteRoute, postReadingNoteRoute } from './schemas/reading-note.routes';

/** The caller's notes: of one item (the panel) or all (the notes list). */
export async function getReadingNotes(itemId?: string): Promise<ReadingNote[]> {
  return (await callRoute(getReadingNotesRoute, { query: itemId === undefined ? {} : { item_id: itemId } })).data;
}

export function createReadingNote(input: ReadingNoteInput): Promise<ReadingNote> {
  return callRoute(postReadingNoteRoute, { body: input });
}

export function editReadingNote(id: string, edit: ReadingNoteEdit): Promise<ReadingNote> {
  return callRoute(patchReadingNoteRoute, { params: { id }, body: edit });
}

export async function deleteReadingNote(id: string): Promise<void> {
  await callRoute(deleteReadingNoteRoute, { params: { id } });
}
