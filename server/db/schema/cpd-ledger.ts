import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { courses } from './courses';
import { offlineCourses } from './offline-courses';
import { users } from './users';

// Issue 45: the CPD ledger's configuration and records (feature cpd-ledger). Every figure of the
// Insurance Authority's rules (GL24, ../shared/CPD-RULES.md) is a row here that a compliance officer
// may change, never a constant in code. All amounts are whole minutes (1.5 hours = 90).

export const CPD_LICENCE_KINDS = ['insurance_intermediary', 'travel_agent'] as const;
export type CpdLicenceKind = (typeof CPD_LICENCE_KINDS)[number];
export const CPD_ACTIVITY_KINDS = ['structured', 'e_learning'] as const;
export type CpdActivityKind = (typeof CPD_ACTIVITY_KINDS)[number];
/** 'replay': the auditor's evidence replay (issue 46, ADR 097). */
export const CPD_LEDGER_READS = ['ledger', 'evidence', 'statement', 'report', 'replay'] as const;
export type CpdLedgerRead = (typeof CPD_LEDGER_READS)[number];

/** One row (id 1): the period and the dates that follow from it. */
export const cpdSettings = pgTable(
  'cpd_settings',
  {
    id: integer('id').primaryKey(),
    /** The assessment period starts on this month and day, 00:00 Asia/Hong_Kong (GL24: 1 August). */
    periodStartMonth: integer('period_start_month').notNull(),
    periodStartDay: integer('period_start_day').notNull(),
    /** 'MM-DD' after the period: the licensee's declaration to the IA, the insurer's report. */
    declarationDue: text('declaration_due').notNull(),
    insurerReportDue: text('insurer_report_due').notNull(),
    /** Evidence is kept this many years after the period ends. */
    retentionYears: integer('retention_years').notNull(),
    /** Days before the period's end at which an agent short of the target is reminded. */
    reminderDays: integer('reminder_days').array().notNull(),
    /** From this many days before the end, the upline gets the team still short each week. */
    uplineWeeklyFromDays: integer('upline_weekly_from_days').notNull(),
  },
  (t) => [check('cpd_settings_one_row', sql`${t.id} = 1`)],
);

/** The target of a period for a licence held all through it. */
export const cpdTargets = pgTable('cpd_targets', {
  licenceKind: text('licence_kind', { enum: CPD_LICENCE_KINDS }).primaryKey(),
  minutes: integer('minutes').notNull(),
  /** Of `minutes`, at least this many on Ethics or Regulations (they count toward the total). */
  ethicsMinutes: integer('ethics_minutes').notNull(),
});

/** The target for a licence granted in month `month_of_period` (1 = the period's first month) of a period. */
export const cpdProrataTargets = pgTable(
  'cpd_prorata_targets',
  {
    licenceKind: text('licence_kind', { enum: CPD_LICENCE_KINDS }).notNull(),
    monthOfPeriod: integer('month_of_period').notNull(),
    minutes: integer('minutes').notNull(),
    ethicsMinutes: integer('ethics_minutes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.licenceKind, t.monthOfPeriod] }), check('cpd_prorata_month', sql`${t.monthOfPeriod} between 1 and 12`)],
);

/**
 * A licensee's licence. A user without a row is an insurance intermediary licensed before any
 * period of interest (the full target); recruits, auditors and trainers have no target at all.
 */
export const cpdLicences = pgTable('cpd_licences', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  licenceKind: text('licence_kind', { enum: CPD_LICENCE_KINDS }).notNull(),
  /** The Hong Kong date the licence was granted. */
  licensedOn: date('licensed_on', { mode: 'string' }).notNull(),
});

/**
 * The approval of an in-house course as a CPD activity (re-assessed every year): its hours count
 * only for a completion whose Hong Kong date lies in [valid_from, valid_to], both days included.
 * Exactly one of course_id (e-learning) and offline_course_id (classroom) is set.
 */
export const cpdCourseApprovals = pgTable(
  'cpd_course_approvals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    courseId: bigint('course_id', { mode: 'number' }).references(() => courses.id, { onDelete: 'cascade' }),
    offlineCourseId: bigint('offline_course_id', { mode: 'number' }).references(() => offlineCourses.id, { onDelete: 'cascade' }),
    /** The approval reference, e.g. 'IA/CPD/2026/0012'. */
    reference: text('reference').notNull(),
    activityKind: text('activity_kind', { enum: CPD_ACTIVITY_KINDS }).notNull(),
    minutes: integer('minutes').notNull(),
    ethicsOrRegulations: boolean('ethics_or_regulations').notNull().default(false),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
  },
  (t) => [
    check('cpd_course_approvals_one_course', sql`(${t.courseId} is null) <> (${t.offlineCourseId} is null)`),
    check('cpd_course_approvals_window', sql`${t.validFrom} <= ${t.validTo}`),
    check('cpd_course_approvals_minutes', sql`${t.minutes} >= 0`),
    index('cpd_course_approvals_course_idx').on(t.courseId, t.validFrom),
    index('cpd_course_approvals_offline_idx').on(t.offlineCourseId, t.validFrom),
  ],
);

/** Every read of another person's ledger (the upline's, the compliance officer's): itself a record. */
export const cpdLedgerReads = pgTable(
  'cpd_ledger_reads',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    readerId: bigint('reader_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subjectId: bigint('subject_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    periodStartYear: integer('period_start_year').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
    what: text('what', { enum: CPD_LEDGER_READS }).notNull(),
  },
  (t) => [index('cpd_ledger_reads_subject_idx').on(t.subjectId, t.readAt), index('cpd_ledger_reads_reader_idx').on(t.readerId, t.readAt)],
);
