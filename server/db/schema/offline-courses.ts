import { sql } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { OFFLINE_ENROLMENT_STATUSES } from '../../../src/api/schemas/offline-courses.schema';
import { attachments } from './attachments';
import { createdAt, localized } from './columns';
import { courses } from './courses';
import { users } from './users';

// Classroom (offline) courses and their enrolments (issue 14, ADR 031). pending and confirmed hold a
// seat; every seat decision locks the course row (SELECT … FOR UPDATE) and counts in one transaction.

export const offlineCourses = pgTable(
  'offline_courses',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    title: localized('title'),
    description: localized('description'),
    venue: localized('venue'),
    initiator: localized('initiator'),
    remarks: localized('remarks'),
    /** 0 = free. */
    fee: doublePrecision('fee').notNull().default(0),
    currency: text('currency').notNull().default('HKD'),
    enquiryEmail: text('enquiry_email').notNull(),
    durationHours: doublePrecision('duration_hours').notNull(),
    cpdHours: doublePrecision('cpd_hours').notNull().default(0),
    /** Seats; the remaining quota is quota − enrolments holding a seat (never stored). */
    quota: integer('quota').notNull(),
    /** false: an enrolment is confirmed at once (no upline approval). */
    needsApproval: boolean('needs_approval').notNull().default(true),
    /** The application date: enrolment opens then. */
    applicationsOpenAt: timestamp('applications_open_at', { withTimezone: true }).notNull(),
    enrolDeadline: timestamp('enrol_deadline', { withTimezone: true }).notNull(),
    cancelDeadline: timestamp('cancel_deadline', { withTimezone: true }).notNull(),
    /** Null: not published (not listed). */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('offline_courses_published_idx').on(t.publishedAt)],
);

/** A meeting of a course; check-in and check-out are accepted in its window (server clock). */
export const offlineSessions = pgTable(
  'offline_sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    courseId: bigint('course_id', { mode: 'number' })
      .notNull()
      .references(() => offlineCourses.id, { onDelete: 'cascade' }),
    title: localized('title'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    windowOpensAt: timestamp('window_opens_at', { withTimezone: true }).notNull(),
    windowClosesAt: timestamp('window_closes_at', { withTimezone: true }).notNull(),
    /**
     * The secret the check-in and check-out codes are derived from (domain/offline-trainer-codes.ts): a
     * code changes every minute; rotating the secret voids every code at once. Never leaves the
     * server; 244 random bits (two v4 UUIDs) unless set.
     */
    codeSecret: text('code_secret')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    /** The trainer who runs the session: the only one who reads its codes (issue 43). */
    trainerId: bigint('trainer_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('offline_sessions_course_idx').on(t.courseId, t.startsAt)],
);

/** Prerequisites: groups are AND-ed, the e-learning courses inside one group OR-ed (ADR 031). */
export const offlinePrerequisites = pgTable(
  'offline_prerequisites',
  {
    offlineCourseId: bigint('offline_course_id', { mode: 'number' })
      .notNull()
      .references(() => offlineCourses.id, { onDelete: 'cascade' }),
    groupNo: integer('group_no').notNull(),
    courseId: bigint('course_id', { mode: 'number' })
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.offlineCourseId, t.groupNo, t.courseId] })],
);

/** The course's materials, opened with the attachment viewer. */
export const offlineMaterials = pgTable(
  'offline_materials',
  {
    offlineCourseId: bigint('offline_course_id', { mode: 'number' })
      .notNull()
      .references(() => offlineCourses.id, { onDelete: 'cascade' }),
    attachmentId: bigint('attachment_id', { mode: 'number' })
      .notNull()
      .references(() => attachments.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.offlineCourseId, t.attachmentId] })],
);

export const OFFLINE_ENROLMENT_SOURCES = ['learner', 'manager'] as const;

export const offlineEnrolments = pgTable(
  'offline_enrolments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    courseId: bigint('course_id', { mode: 'number' })
      .notNull()
      .references(() => offlineCourses.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: OFFLINE_ENROLMENT_STATUSES }).notNull(),
    source: text('source', { enum: OFFLINE_ENROLMENT_SOURCES }).notNull().default('learner'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    /** The order of the waiting list (then id). */
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    /** The manager who approved or rejected (or assigned). */
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    /** Moved off the waiting list by a freed seat. */
    promotedAt: timestamp('promoted_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    // One active enrolment per learner and course; rejected and cancelled ones stay as history.
    uniqueIndex('offline_enrolments_one_active_idx')
      .on(t.courseId, t.userId)
      .where(sql`${t.status} in ('pending', 'confirmed', 'waiting')`),
    index('offline_enrolments_course_status_idx').on(t.courseId, t.status, t.requestedAt),
    index('offline_enrolments_user_idx').on(t.userId, t.requestedAt),
  ],
);

/** One check-in and one check-out per learner and session. */
export const offlineAttendance = pgTable(
  'offline_attendance',
  {
    sessionId: bigint('session_id', { mode: 'number' })
      .notNull()
      .references(() => offlineSessions.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }).notNull(),
    checkedOutAt: timestamp('checked_out_at', { withTimezone: true }),
  },
  // Issue 45: the CPD ledger reads a learner's attendance (the key leads with the session).
  (t) => [primaryKey({ columns: [t.sessionId, t.userId] }), index('offline_attendance_user_idx').on(t.userId)],
);
