import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/** SPEC §3 notification kinds. */
export const NOTIFICATION_KINDS = [
  'recommendation',
  'reply',
  'system_notice',
  'assignment_due_date',
  'marking_reminder',
  'learning_map_incomplete',
  'marking_done',
  'submission_completed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

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
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_id_idx').on(t.userId, t.readAt)],
);
