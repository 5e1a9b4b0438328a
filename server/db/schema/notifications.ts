import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../../src/api/schemas/notifications.schema';
import { createdAt } from './columns';
import { courses } from './courses';
import { offlineCourses } from './offline-courses';
import { users } from './users';

// SPEC §3 notification kinds: one list, the API contract's (the column's enum and the answer's agree).
export { NOTIFICATION_KINDS, type NotificationKind };

export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    /** Who it comes from as shown to the learner (e.g. 'Administrator'); null for the system. */
    sender: text('sender'),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** What it is about (the list links there); a removed course leaves the notification, unlinked. */
    courseId: bigint('course_id', { mode: 'number' }).references(() => courses.id, { onDelete: 'set null' }),
    offlineCourseId: bigint('offline_course_id', { mode: 'number' }).references(() => offlineCourses.id, { onDelete: 'set null' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_id_idx').on(t.userId, t.readAt)],
);
