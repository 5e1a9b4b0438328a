import { z } from 'zod/mini';
import { idTextSchema, int4, text } from './bounds.schema';

// Issue 47, ADR 102: a learner's reading notes. Only the owner reads or changes one; the place is
// a course item (and, for a PDF, a page); the server takes the course and the attachment from the item.

import { READING_NOTE_QUOTE_MAX, READING_NOTE_TEXT_MAX } from '../../config/reading-note';

export { READING_NOTE_QUOTE_MAX, READING_NOTE_TEXT_MAX };

const noteText = text().check(
  z.trim(),
  z.minLength(1, { error: 'validation:reading_note_text_required' }),
  z.maxLength(READING_NOTE_TEXT_MAX, { error: 'validation:reading_note_too_long' }),
);
const quote = z.nullable(text().check(z.trim(), z.maxLength(READING_NOTE_QUOTE_MAX, { error: 'validation:reading_note_quote_too_long' })));
const pdfPage = z.nullable(int4('validation:reading_note_page_invalid').check(z.minimum(1, { error: 'validation:reading_note_page_invalid' })));

/** A new note: where it was written, its text and the quoted passage (null: none). */
export const readingNoteInputSchema = z.object({
  item_id: idTextSchema,
  pdf_page: z.optional(pdfPage),
  text: noteText,
  quote: z.optional(quote),
});
export type ReadingNoteInput = z.input<typeof readingNoteInputSchema>;

/** An edit: the text and the quote; the place stays. */
export const readingNoteEditSchema = z.object({ text: noteText, quote: z.optional(quote) });
export type ReadingNoteEdit = z.input<typeof readingNoteEditSchema>;

export const readingNoteParamsSchema = z.object({ id: idTextSchema });
/** The notes of one item (the panel) or all of the caller's (the list). */
export const readingNotesQuerySchema = z.object({ item_id: z.optional(idTextSchema) });

export const readingNoteSchema = z.object({
  id: z.string(),
  course_id: z.string(),
  course_title: z.string(),
  item_id: z.string(),
  item_title: z.string(),
  attachment_id: z.nullable(z.string()),
  attachment_name: z.nullable(z.string()),
  pdf_page: z.nullable(z.number()),
  text: z.string(),
  quote: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ReadingNote = z.infer<typeof readingNoteSchema>;

export const readingNoteListSchema = z.object({ data: z.array(readingNoteSchema) });
export type ReadingNoteList = z.infer<typeof readingNoteListSchema>;

/** Where a note leads back to: the lesson page of its item, at its PDF page. */
export const readingNotePlacePath = (n: Pick<ReadingNote, 'course_id' | 'item_id' | 'pdf_page'>): string =>
  `/lesson/${n.course_id}/${n.item_id}${n.pdf_page ? `?page=${n.pdf_page}` : ''}`;
