import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, primaryKey, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { attachments } from './attachments';
import { createdAt } from './columns';
import { courseItems, courses } from './courses';
import { identityChecks } from './identity-checks';
import { sessions } from './sessions';
import { users } from './users';
import { viewings } from './viewings';

/**
 * On-screen time (SPEC §4, §7): one row per record the browser sent, for an item or an attachment.
 * The (user, key, target) unique index makes a repeated send a no-op answered 'Record exists'.
 */
export const onScreenLogs = pgTable(
  'on_screen_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: bigint('course_id', { mode: 'number' }).references(() => courses.id, { onDelete: 'cascade' }),
    itemId: bigint('item_id', { mode: 'number' }).references(() => courseItems.id, { onDelete: 'cascade' }),
    attachmentId: bigint('attachment_id', { mode: 'number' }).references(() => attachments.id, { onDelete: 'cascade' }),
    /** Seconds. */
    duration: integer('duration').notNull(),
    /** The browser's idempotency key (ms timestamp at which the record began). */
    key: bigint('key', { mode: 'number' }).notNull(),
    completedPages: integer('completed_pages'),
    /** The viewing the record was counted in (null for records stored before viewings existed). */
    viewingId: bigint('viewing_id', { mode: 'number' }).references(() => viewings.id, { onDelete: 'cascade' }),
    /** Seconds the browser claimed; `duration` holds the seconds the server credited (ADR 012). */
    claimedDuration: integer('claimed_duration'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('on_screen_logs_user_key_target_key').on(t.userId, t.key, sql`coalesce(${t.itemId}, 0)`, sql`coalesce(${t.attachmentId}, 0)`),
    index('on_screen_logs_user_course_idx').on(t.userId, t.courseId),
  ],
);

/**
 * The seconds on screen of each learner on each item (readings, SCORM) and on each attachment: the
 * sums of their on_screen_logs, kept by statement triggers (migration 0024, ADR 052). Whether an item
 * is complete, and the time shown beside it, read one row here instead of summing the learner's
 * records (a record every 30 s of learning: thousands for a learner of a few months). No foreign
 * keys, as course_counts: a row of a removed user, item or attachment is left at zero, read by nobody.
 */
export const itemSeconds = pgTable(
  'item_seconds',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    seconds: bigint('seconds', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] })],
);

export const attachmentSeconds = pgTable(
  'attachment_seconds',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    attachmentId: bigint('attachment_id', { mode: 'number' }).notNull(),
    seconds: bigint('seconds', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.attachmentId] })],
);

/**
 * The seconds on screen of each learner in each course, and on each UTC day, kept by the same
 * triggers as item_seconds (migration 0026, ADR 057). The course's total shown on its lesson page and
 * a manager's report of the downlines' hours read these rows instead of summing the records: a
 * year's report of 19 downlines who learn an hour a week read about 2,000 records a downline.
 */
export const courseSeconds = pgTable(
  'course_seconds',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    courseId: bigint('course_id', { mode: 'number' }).notNull(),
    seconds: bigint('seconds', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] })],
);

/** The day is the UTC date of the record's created_at, as the report's periods (whole UTC days). */
export const daySeconds = pgTable(
  'day_seconds',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    seconds: bigint('seconds', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * The evidence of each credited second: a stretch [starts_at, ends_at) of server time credited to
 * one learner from one record, in one viewing, covered by one identity verification (a passed
 * check, or the sign-in when no check was passed since). Stretches of one learner never overlap,
 * so the seconds credited over any stretch of wall time never exceed it.
 */
export const creditedSpans = pgTable(
  'credited_spans',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    onScreenLogId: bigint('on_screen_log_id', { mode: 'number' })
      .notNull()
      .references(() => onScreenLogs.id, { onDelete: 'cascade' }),
    viewingId: bigint('viewing_id', { mode: 'number' })
      .notNull()
      .references(() => viewings.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The passed identity check that covered the stretch (null: the sign-in, or checks were off). */
    identityCheckId: bigint('identity_check_id', { mode: 'number' }).references(() => identityChecks.id, { onDelete: 'set null' }),
    /** The session whose sign-in covered the stretch, when no later check had been passed. */
    signInSessionId: uuid('sign_in_session_id').references(() => sessions.id, { onDelete: 'set null' }),
  },
  (t) => [index('credited_spans_user_starts_idx').on(t.userId, t.startsAt)],
);
