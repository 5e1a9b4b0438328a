import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, localized } from './columns';
import { courses } from './courses';
import { offlineCourses } from './offline-courses';
import { users } from './users';

// Issue 47, ADR 098 (feature learning-map): a learning map is an ordered path of courses with due
// dates, assigned to learners. What a learner has done is NOT stored here: an item's state is
// judged by the server from its clock and the course records (course_enrolments, offline_attendance),
// so a course completed before the map was assigned counts and nothing can drift out of step.

export const learningMaps = pgTable('learning_maps', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  title: localized('title'),
  description: localized('description'),
  /** The Hong Kong day the whole map is due (an item's own due_on wins); null: no date. */
  dueOn: date('due_on', { mode: 'string' }),
  /** Assigned automatically to every new joiner's account when it is created. */
  forNewJoiners: boolean('for_new_joiners').notNull().default(false),
  createdAt: createdAt(),
});

export const LEARNING_MAP_ITEM_KINDS = ['course', 'offline_course'] as const;
export type LearningMapItemKind = (typeof LEARNING_MAP_ITEM_KINDS)[number];

export const learningMapItems = pgTable(
  'learning_map_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    mapId: bigint('map_id', { mode: 'number' })
      .notNull()
      .references(() => learningMaps.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** course: an e-learning course; offline_course: a classroom course (attended to the end). */
    kind: text('kind', { enum: LEARNING_MAP_ITEM_KINDS }).notNull(),
    courseId: bigint('course_id', { mode: 'number' }).references(() => courses.id, { onDelete: 'cascade' }),
    offlineCourseId: bigint('offline_course_id', { mode: 'number' }).references(() => offlineCourses.id, { onDelete: 'cascade' }),
    /** Locked until the item before it is complete; false: free. */
    requiresPrevious: boolean('requires_previous').notNull().default(false),
    /** The Hong Kong day this item is due; null: the map's due_on. */
    dueOn: date('due_on', { mode: 'string' }),
  },
  (t) => [
    uniqueIndex('learning_map_items_position').on(t.mapId, t.position),
    check(
      'learning_map_items_one_course',
      sql`(${t.kind} = 'course' and ${t.courseId} is not null and ${t.offlineCourseId} is null) or (${t.kind} = 'offline_course' and ${t.offlineCourseId} is not null and ${t.courseId} is null)`,
    ),
  ],
);

export const LEARNING_MAP_ASSIGNED_BY = ['seed', 'manager', 'new_joiner'] as const;
export type LearningMapAssignedBy = (typeof LEARNING_MAP_ASSIGNED_BY)[number];

export const learningMapAssignments = pgTable(
  'learning_map_assignments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    mapId: bigint('map_id', { mode: 'number' })
      .notNull()
      .references(() => learningMaps.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** How it came: the seed, a manager for a downline, or automatically to a new joiner. */
    source: text('source', { enum: LEARNING_MAP_ASSIGNED_BY }).notNull(),
    /** The manager who assigned it (source manager); a removed manager leaves the assignment. */
    assignedBy: bigint('assigned_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('learning_map_assignments_once').on(t.mapId, t.userId), index('learning_map_assignments_user_idx').on(t.userId)],
);

/**
 * Every "learning map incomplete" notification sent: one row per learner, item and threshold (days
 * before the due date's end), inserted ON CONFLICT DO NOTHING before the notification is written,
 * so however many processes share one PostgreSQL a learner hears it once (as cpd_reminders_sent).
 */
export const learningMapRemindersSent = pgTable(
  'learning_map_reminders_sent',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => learningMapItems.id, { onDelete: 'cascade' }),
    threshold: integer('threshold').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('learning_map_reminders_sent_once').on(t.userId, t.itemId, t.threshold)],
);
