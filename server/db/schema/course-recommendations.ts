import { bigint, index, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { courses } from './courses';
import { notifications } from './notifications';
import { users } from './users';

/**
 * A course one learner recommended to a colleague (issue 48, ADR 103), kept once per (course,
 * sender, recipient): a repeated or replayed recommendation finds its row and sends nothing again,
 * and two at once meet at the unique key. The notification it sent is the recipient's; the row
 * names no other recipient to them.
 */
export const courseRecommendations = pgTable(
  'course_recommendations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    courseId: bigint('course_id', { mode: 'number' })
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    senderId: bigint('sender_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: bigint('recipient_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notificationId: bigint('notification_id', { mode: 'number' }).references(() => notifications.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('course_recommendations_once_key').on(t.courseId, t.senderId, t.recipientId),
    index('course_recommendations_recipient_idx').on(t.recipientId),
  ],
);
