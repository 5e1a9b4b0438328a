import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { attachments } from './attachments';
import { createdAt } from './columns';
import { courseItems, courses } from './courses';
import { users } from './users';

/**
 * A learner's reading note (issue 47, ADR 102): their text, optionally the passage they quoted,
 * and the place it was written — the course item and, for a PDF, the page. The course and the
 * attachment are the item's, copied by the server so the notes list groups and names them.
 */
export const readingNotes = pgTable(
  'reading_notes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: bigint('course_id', { mode: 'number' })
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => courseItems.id, { onDelete: 'cascade' }),
    attachmentId: bigint('attachment_id', { mode: 'number' }).references(() => attachments.id, { onDelete: 'set null' }),
    pdfPage: integer('pdf_page'),
    text: text('text').notNull(),
    quote: text('quote'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reading_notes_user_course_idx').on(t.userId, t.courseId, t.createdAt)],
);
