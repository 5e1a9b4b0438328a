import { bigint, boolean, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { courses } from './courses';
import { notifications } from './notifications';
import { offlineCourses } from './offline-courses';

// The manager's pages (issue 14): what the user report needs that the courses do not say, and the
// message key of a notification so it reads in the reader's language.

/** CPD category and completion due date of an e-learning course (no row: "other", no due date). */
export const managementCourseRules = pgTable('management_course_rules', {
  courseId: bigint('course_id', { mode: 'number' })
    .primaryKey()
    .references(() => courses.id, { onDelete: 'cascade' }),
  /** Its CPD hours count as Ethics/Regulations (the IA's required part). */
  ethicsRegulations: boolean('ethics_regulations').notNull().default(false),
  /** An enrolment still in progress after this is overdue. */
  dueAt: timestamp('due_at', { withTimezone: true }),
});

/** CPD category of a classroom course (no row: "other"). */
export const managementOfflineCourseRules = pgTable('management_offline_course_rules', {
  offlineCourseId: bigint('offline_course_id', { mode: 'number' })
    .primaryKey()
    .references(() => offlineCourses.id, { onDelete: 'cascade' }),
  ethicsRegulations: boolean('ethics_regulations').notNull().default(false),
});

/**
 * The message keys behind a notification's stored (English) title and body: a reader renders them in
 * their own language (renderNotification in server/domain/notification-messages.ts).
 */
export const notificationMessages = pgTable('notification_messages', {
  notificationId: bigint('notification_id', { mode: 'number' })
    .primaryKey()
    .references(() => notifications.id, { onDelete: 'cascade' }),
  titleKey: text('title_key').notNull(),
  bodyKey: text('body_key').notNull(),
  /** Values of the templates; `courseName` is localized text ({en, zh, cn}) rendered per language. */
  params: jsonb('params').$type<Record<string, unknown>>().notNull(),
});
