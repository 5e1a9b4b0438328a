import { and, desc, eq } from 'drizzle-orm';
import type { Language } from '../../src/config/constants';
import type { ReadingNote, ReadingNoteEdit, ReadingNoteInput } from '../../src/api/schemas/reading-note.schema';
import type { Db } from '../db/client';
import { attachments, courseItems, courses, readingNotes } from '../db/schema';
import { HttpError } from '../http/errors';
import { localize } from './courses';

// Issue 47, ADR 102: reading notes. Every query is the owner's: another learner's note is not
// found (404), never forbidden, so ids say nothing about other people's notes.

const noteColumns = {
  note: readingNotes,
  courseTitle: courses.title,
  itemTitle: courseItems.title,
  attachmentName: attachments.name,
};

function selectNotes(db: Db) {
  return db
    .select(noteColumns)
    .from(readingNotes)
    .innerJoin(courses, eq(courses.id, readingNotes.courseId))
    .innerJoin(courseItems, eq(courseItems.id, readingNotes.itemId))
    .leftJoin(attachments, eq(attachments.id, readingNotes.attachmentId));
}
type NoteRow = Awaited<ReturnType<ReturnType<typeof selectNotes>['where']>>[number];

function toReadingNote({ note, courseTitle, itemTitle, attachmentName }: NoteRow, lang: Language): ReadingNote {
  return {
    id: String(note.id),
    course_id: String(note.courseId),
    course_title: localize(courseTitle, lang),
    item_id: String(note.itemId),
    item_title: localize(itemTitle, lang),
    attachment_id: note.attachmentId === null ? null : String(note.attachmentId),
    attachment_name: attachmentName,
    pdf_page: note.pdfPage,
    text: note.text,
    quote: note.quote,
    created_at: note.createdAt.toISOString(),
    updated_at: note.updatedAt.toISOString(),
  };
}

const owned = (userId: number, id: number) => and(eq(readingNotes.id, id), eq(readingNotes.userId, userId));
const blankToNull = (quote: string | null | undefined) => (quote ? quote : null);

async function ownNote(db: Db, userId: number, id: number, lang: Language): Promise<ReadingNote> {
  const [row] = await selectNotes(db).where(owned(userId, id));
  if (!row) throw new HttpError(404, 'server:reading_note_not_found');
  return toReadingNote(row, lang);
}

/** The caller's notes (of one item when asked), grouped by course, newest first inside each. */
export async function listReadingNotes(db: Db, userId: number, itemId: number | null, lang: Language): Promise<ReadingNote[]> {
  const mine = eq(readingNotes.userId, userId);
  const rows = await selectNotes(db)
    .where(itemId === null ? mine : and(mine, eq(readingNotes.itemId, itemId)))
    .orderBy(readingNotes.courseId, desc(readingNotes.createdAt), desc(readingNotes.id));
  return rows.map((row) => toReadingNote(row, lang));
}

/** Keeps a note on an item: the course and the attachment are the item's, a page only on a PDF's item. */
export async function createReadingNote(db: Db, userId: number, input: ReadingNoteInput, now: Date, lang: Language): Promise<ReadingNote> {
  const [item] = await db
    .select({ courseId: courseItems.courseId, attachmentId: courseItems.attachmentId })
    .from(courseItems)
    .where(eq(courseItems.id, Number(input.item_id)));
  if (!item) throw new HttpError(404, 'server:reading_note_place_not_found');
  const [note] = await db
    .insert(readingNotes)
    .values({
      userId,
      courseId: item.courseId,
      itemId: Number(input.item_id),
      attachmentId: item.attachmentId,
      pdfPage: item.attachmentId === null ? null : (input.pdf_page ?? null),
      text: input.text,
      quote: blankToNull(input.quote),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: readingNotes.id });
  return ownNote(db, userId, note.id, lang);
}

export async function editReadingNote(db: Db, userId: number, id: number, edit: ReadingNoteEdit, now: Date, lang: Language): Promise<ReadingNote> {
  const changed = await db
    .update(readingNotes)
    .set({ text: edit.text, ...(edit.quote === undefined ? {} : { quote: blankToNull(edit.quote) }), updatedAt: now })
    .where(owned(userId, id))
    .returning({ id: readingNotes.id });
  if (changed.length === 0) throw new HttpError(404, 'server:reading_note_not_found');
  return ownNote(db, userId, id, lang);
}

export async function deleteReadingNote(db: Db, userId: number, id: number): Promise<void> {
  const gone = await db.delete(readingNotes).where(owned(userId, id)).returning({ id: readingNotes.id });
  if (gone.length === 0) throw new HttpError(404, 'server:reading_note_not_found');
}
