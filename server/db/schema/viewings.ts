import { bigint, index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { attachments } from './attachments';
import { courseItems, courses } from './courses';
import { sessions } from './sessions';
import { users } from './users';

/**
 * A viewing: the learner opened an item or an attachment, as the server saw it (server clock).
 * On-screen time is credited only inside a viewing (ADR 012).
 */
export const viewings = pgTable(
  'viewings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    courseId: bigint('course_id', { mode: 'number' }).references(() => courses.id, { onDelete: 'cascade' }),
    itemId: bigint('item_id', { mode: 'number' }).references(() => courseItems.id, { onDelete: 'cascade' }),
    attachmentId: bigint('attachment_id', { mode: 'number' }).references(() => attachments.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('viewings_user_started_idx').on(t.userId, t.startedAt)],
);
