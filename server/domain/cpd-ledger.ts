import { and, asc, desc, eq, gte, inArray, isNotNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { CPD_ERROR_CODE, FIRST_CPD_PERIOD, type CpdEvidence, type CpdLedger, type CpdLedgerRow, type CpdPeriodSummary } from '../../src/api/schemas/cpd-ledger.schema';
import { API_ERROR_CODE } from '../../src/api/schemas/error.schema';
import type { Language } from '../../src/config/constants';
import type { Db } from '../db/client';
import {
  courseEnrolments,
  courseItems,
  courses,
  cpdClaims,
  cpdCourseApprovals,
  cpdLedgerReads,
  cpdLicences,
  cpdProrataTargets,
  cpdSettings,
  cpdTargets,
  creditedSpans,
  identityChecks,
  lessons,
  offlineAttendance,
  offlineCourses,
  offlineSessions,
  onScreenLogs,
  sessions,
  users,
  viewings,
  type CpdLedgerRead,
  type CpdLicenceKind,
  type UserRole,
} from '../db/schema';
import { HttpError } from '../http/errors';
import { dayWithin, daysLeft, dueDate, hkDate, licenceInPeriod, periodBounds, periodDays, periodOf, periodOfDay, type PeriodRule } from './cpd-period';
import { localize } from './courses';
import { attendedMinutes } from './offline-courses';

// Issue 45 (BRIEF-CPD): the CPD ledger, THE source of a licensee's CPD minutes in a period. Its rows:
// 1. a completed e-learning course, with the approval whose window holds the completion's Hong Kong
//    date: the approval's minutes and E/R;
// 2. a classroom course: the minutes attended in sessions with both a check-in and a check-out
//    (attendedMinutes), summed per course, at most the approval's minutes, counted in the period of
//    the last check-out, with the approval valid on that date;
// 3. an approved claim, in the period holding its last day.
// A course without an approval for the date earns nothing. Nothing carries over between periods.
// Every figure (the period, the targets, the pro-rata table, the retention) is read from the tables.

export interface CpdConfig {
  rule: PeriodRule;
  declarationDue: string;
  insurerReportDue: string;
  retentionYears: number;
  targets: Map<CpdLicenceKind, { minutes: number; ethicsMinutes: number }>;
  prorata: Map<string, { minutes: number; ethicsMinutes: number }>;
}

/** The configuration as the tables hold it now (a compliance officer may have changed it). */
export async function cpdConfig(db: Db): Promise<CpdConfig> {
  const [settings, targets, prorata] = await Promise.all([db.select().from(cpdSettings).where(eq(cpdSettings.id, 1)), db.select().from(cpdTargets), db.select().from(cpdProrataTargets)]);
  const s = settings[0];
  if (!s) throw new Error('cpd_settings has no row 1 (ensureCpdConfiguration runs at start)');
  return {
    rule: { startMonth: s.periodStartMonth, startDay: s.periodStartDay },
    declarationDue: s.declarationDue,
    insurerReportDue: s.insurerReportDue,
    retentionYears: s.retentionYears,
    targets: new Map(targets.map((t) => [t.licenceKind, { minutes: t.minutes, ethicsMinutes: t.ethicsMinutes }])),
    prorata: new Map(prorata.map((p) => [`${p.licenceKind}:${p.monthOfPeriod}`, { minutes: p.minutes, ethicsMinutes: p.ethicsMinutes }])),
  };
}

/** Who owes a target: agents and managers (licensees). Recruits, auditors and trainers have none. */
const LICENSEE_ROLES: ReadonlySet<UserRole> = new Set(['agent', 'manager']);

export interface CpdTarget {
  minutes: number;
  ethicsMinutes: number;
  licenceKind: CpdLicenceKind | null;
  prorated: boolean;
}

const NO_TARGET: CpdTarget = { minutes: 0, ethicsMinutes: 0, licenceKind: null, prorated: false };

/**
 * The target of `startYear` for a user of `role` with `licence` (none: an insurance intermediary
 * licensed before any period of interest). Granted during the period: the pro-rata row of its
 * month (without one, the full target); granted after it: nothing.
 */
export function targetOf(config: CpdConfig, role: UserRole, licence: { licenceKind: CpdLicenceKind; licensedOn: string } | null, startYear: number): CpdTarget {
  if (!LICENSEE_ROLES.has(role)) return NO_TARGET;
  const kind = licence?.licenceKind ?? 'insurance_intermediary';
  const full = config.targets.get(kind) ?? { minutes: 0, ethicsMinutes: 0 };
  if (!licence) return { ...full, licenceKind: kind, prorated: false };
  const owes = licenceInPeriod(licence.licensedOn, startYear, config.rule);
  if (owes.owes === 'nothing') return NO_TARGET;
  if (owes.owes === 'full') return { ...full, licenceKind: kind, prorated: false };
  const prorated = config.prorata.get(`${kind}:${owes.month}`) ?? full;
  return { ...prorated, licenceKind: kind, prorated: true };
}

/** The Hong Kong date of a timestamptz column, in SQL (UTC+8, no daylight saving). */
const hkDay = (column: AnyPgColumn | SQL) => sql`((${column} at time zone 'UTC') + interval '8 hours')::date`;

/** The approval of a course (e-learning or classroom) valid on a Hong Kong date: the latest-starting one. */
function approvalOn(db: Db, course: { courseId: AnyPgColumn | SQL } | { offlineCourseId: AnyPgColumn | SQL }, day: SQL) {
  const which = 'courseId' in course ? sql`${cpdCourseApprovals.courseId} = ${course.courseId}` : sql`${cpdCourseApprovals.offlineCourseId} = ${course.offlineCourseId}`;
  return db
    .select({ reference: cpdCourseApprovals.reference, activityKind: cpdCourseApprovals.activityKind, minutes: cpdCourseApprovals.minutes, ethics: cpdCourseApprovals.ethicsOrRegulations })
    .from(cpdCourseApprovals)
    .where(and(which, sql`${cpdCourseApprovals.validFrom} <= ${day}`, sql`${cpdCourseApprovals.validTo} >= ${day}`))
    .orderBy(desc(cpdCourseApprovals.validFrom), desc(cpdCourseApprovals.id))
    .limit(1)
    .as('approval');
}

/** A ledger row with the period it counts in. */
interface PeriodRow extends CpdLedgerRow {
  period: number;
}

const hkMidnight = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 8 * 3_600_000);

/**
 * Every row of one user in periods [fromYear, toYear], each with its period; nothing after `now`.
 * `only` narrows to one row (the evidence of a row).
 */
async function ledgerRows(
  db: Db,
  userId: number,
  { fromYear, toYear, now, lang, config, only }: { fromYear: number; toYear: number; now: Date; lang: Language; config: CpdConfig; only?: { source: string; id: number } },
): Promise<PeriodRow[]> {
  const start = periodBounds(fromYear, config.rule).start;
  const end = new Date(Math.min(periodBounds(toYear, config.rule).end.getTime(), now.getTime() + 1));
  const firstDay = periodDays(fromYear, config.rule).startsOn;
  const lastDay = [periodDays(toYear, config.rule).endsOn, hkDate(now)].sort()[0];
  const wants = (source: string) => !only || only.source === source;

  const elearning = wants('course')
    ? (() => {
        const approval = approvalOn(db, { courseId: courseEnrolments.courseId }, hkDay(courseEnrolments.completedAt));
        return db
          .select({
            courseId: courseEnrolments.courseId,
            completedAt: courseEnrolments.completedAt,
            title: courses.title,
            reference: approval.reference,
            activityKind: approval.activityKind,
            minutes: approval.minutes,
            ethics: approval.ethics,
          })
          .from(courseEnrolments)
          .innerJoin(courses, eq(courses.id, courseEnrolments.courseId))
          .innerJoinLateral(approval, sql`true`)
          .where(
            and(
              eq(courseEnrolments.userId, userId),
              eq(courseEnrolments.status, 'completed'),
              gte(courseEnrolments.completedAt, start),
              lt(courseEnrolments.completedAt, end),
              only ? eq(courseEnrolments.courseId, only.id) : undefined,
            ),
          );
      })()
    : Promise.resolve([]);

  // Attendance with a check-out, of every classroom course the user checked out of: the course's
  // minutes are summed over all its sessions and count in the period of the last check-out.
  const attendance = wants('offline')
    ? db
        .select({ a: offlineAttendance, session: offlineSessions, title: offlineCourses.title })
        .from(offlineAttendance)
        .innerJoin(offlineSessions, eq(offlineSessions.id, offlineAttendance.sessionId))
        .innerJoin(offlineCourses, eq(offlineCourses.id, offlineSessions.courseId))
        .where(and(eq(offlineAttendance.userId, userId), isNotNull(offlineAttendance.checkedOutAt), only ? eq(offlineSessions.courseId, only.id) : undefined))
    : Promise.resolve([]);

  const claims = wants('claim')
    ? db
        .select()
        .from(cpdClaims)
        .where(
          and(
            eq(cpdClaims.userId, userId),
            eq(cpdClaims.status, 'approved'),
            gte(cpdClaims.endedOn, firstDay),
            lte(cpdClaims.endedOn, lastDay),
            only ? eq(cpdClaims.id, only.id) : undefined,
          ),
        )
    : Promise.resolve([]);

  const [courseRows, attendanceRows, claimRows] = await Promise.all([elearning, attendance, claims]);
  const rows: PeriodRow[] = [];
  for (const r of courseRows) {
    rows.push({
      id: `course:${r.courseId}`,
      source: 'course',
      title: localize(r.title, lang),
      reference: r.reference,
      activity_kind: r.activityKind,
      completed_at: r.completedAt!.toISOString(),
      completed_on: hkDate(r.completedAt!),
      minutes: r.minutes,
      ethics_or_regulations: r.ethics,
      period: periodOf(r.completedAt!, config.rule),
    });
  }

  const perCourse = new Map<number, { title: string; minutes: number; lastOut: Date }>();
  for (const r of attendanceRows) {
    const acc = perCourse.get(r.session.courseId) ?? { title: localize(r.title, lang), minutes: 0, lastOut: r.a.checkedOutAt! };
    acc.minutes += attendedMinutes(r.session, r.a);
    if (r.a.checkedOutAt! > acc.lastOut) acc.lastOut = r.a.checkedOutAt!;
    perCourse.set(r.session.courseId, acc);
  }
  const counted = [...perCourse.entries()].filter(([, c]) => c.lastOut >= start && c.lastOut < end);
  if (counted.length > 0) {
    const approvals = await db
      .select()
      .from(cpdCourseApprovals)
      .where(inArray(cpdCourseApprovals.offlineCourseId, counted.map(([id]) => id)))
      .orderBy(desc(cpdCourseApprovals.validFrom), desc(cpdCourseApprovals.id));
    for (const [courseId, c] of counted) {
      const day = hkDate(c.lastOut);
      const approval = approvals.find((a) => a.offlineCourseId === courseId && dayWithin(day, a.validFrom, a.validTo));
      if (!approval) continue;
      rows.push({
        id: `offline:${courseId}`,
        source: 'offline',
        title: c.title,
        reference: approval.reference,
        activity_kind: approval.activityKind,
        completed_at: c.lastOut.toISOString(),
        completed_on: day,
        minutes: Math.min(c.minutes, approval.minutes),
        ethics_or_regulations: approval.ethicsOrRegulations,
        period: periodOf(c.lastOut, config.rule),
      });
    }
  }

  for (const c of claimRows) {
    rows.push({
      id: `claim:${c.id}`,
      source: 'claim',
      title: c.title,
      reference: null,
      activity_kind: c.kind,
      completed_at: hkMidnight(c.endedOn).toISOString(),
      completed_on: c.endedOn,
      minutes: c.minutes,
      ethics_or_regulations: c.ethicsOrRegulations,
      period: periodOfDay(c.endedOn, config.rule),
    });
  }
  // Newest first; a row earning nothing (an attendance of 0 minutes) is kept: it shows why.
  return rows.sort((a, b) => (a.completed_at < b.completed_at ? 1 : a.completed_at > b.completed_at ? -1 : a.id.localeCompare(b.id)));
}

const sum = (rows: CpdLedgerRow[], ethicsOnly = false) => rows.reduce((n, r) => n + (ethicsOnly && !r.ethics_or_regulations ? 0 : r.minutes), 0);

function totalsOf(rows: CpdLedgerRow[], target: CpdTarget) {
  const minutes = sum(rows);
  const ethics = sum(rows, true);
  const needed = Math.max(0, target.minutes - minutes);
  const neededEthics = Math.max(0, target.ethicsMinutes - ethics);
  return { minutes, ethics_minutes: ethics, needed_minutes: needed, needed_ethics_minutes: neededEthics, compliant: needed === 0 && neededEthics === 0 };
}

/** The period a request names: digits, from FIRST_CPD_PERIOD to the current period (server clock). */
export function periodAsked(raw: string | undefined, now: Date, config: CpdConfig): number {
  const current = periodOf(now, config.rule);
  if (raw === undefined) return current;
  if (!/^\d{1,6}$/.test(raw.trim())) throw new HttpError(400, 'server:cpd_period_invalid', {}, { code: CPD_ERROR_CODE.cpdPeriodInvalid });
  const year = Number(raw.trim());
  if (year < FIRST_CPD_PERIOD || year > current) throw new HttpError(400, 'server:cpd_period_out_of_range', { first: FIRST_CPD_PERIOD, last: current }, { code: CPD_ERROR_CODE.cpdPeriodOutOfRange });
  return year;
}

interface Subject {
  id: number;
  name: string;
  externalId: string;
  role: UserRole;
  licence: { licenceKind: CpdLicenceKind; licensedOn: string } | null;
}

async function subjectOf(db: Db, userId: number): Promise<Subject | undefined> {
  const [row] = await db
    .select({ id: users.id, name: users.name, externalId: users.externalId, role: users.role, licenceKind: cpdLicences.licenceKind, licensedOn: cpdLicences.licensedOn })
    .from(users)
    .leftJoin(cpdLicences, eq(cpdLicences.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return undefined;
  return { id: row.id, name: row.name, externalId: row.externalId, role: row.role, licence: row.licenceKind && row.licensedOn ? { licenceKind: row.licenceKind, licensedOn: row.licensedOn } : null };
}

/**
 * The ledger of `userId` for period `startYear` at `now`: the target, the rows and their totals,
 * and the earlier periods (newest first) from the first with any activity, within the retention
 * years before the current period.
 */
export async function cpdLedger(db: Db, userId: number, startYear: number, now: Date, lang: Language, config?: CpdConfig): Promise<CpdLedger> {
  const cfg = config ?? (await cpdConfig(db));
  const subject = await subjectOf(db, userId);
  if (!subject) throw new HttpError(404, 'server:user_not_found');
  const oldest = Math.min(startYear, Math.max(FIRST_CPD_PERIOD, periodOf(now, cfg.rule) - cfg.retentionYears));
  const rows = await ledgerRows(db, userId, { fromYear: oldest, toYear: startYear, now, lang, config: cfg });
  const target = targetOf(cfg, subject.role, subject.licence, startYear);
  const inPeriod = rows.filter((r) => r.period === startYear);
  const first = Math.min(...rows.map((r) => r.period), startYear);
  const previous: CpdPeriodSummary[] = [];
  for (let year = startYear - 1; year >= first; year -= 1) {
    const t = targetOf(cfg, subject.role, subject.licence, year);
    const totals = totalsOf(
      rows.filter((r) => r.period === year),
      t,
    );
    previous.push({ start_year: year, minutes: totals.minutes, ethics_minutes: totals.ethics_minutes, target_minutes: t.minutes, target_ethics_minutes: t.ethicsMinutes, compliant: totals.compliant });
  }
  const days = periodDays(startYear, cfg.rule);
  return {
    user: { id: String(subject.id), name: subject.name, agent_code: subject.externalId },
    period: {
      start_year: startYear,
      starts_on: days.startsOn,
      ends_on: days.endsOn,
      days_left: daysLeft(now, startYear, cfg.rule),
      declaration_due: dueDate(startYear, cfg.declarationDue, cfg.rule),
      insurer_report_due: dueDate(startYear, cfg.insurerReportDue, cfg.rule),
    },
    target: { minutes: target.minutes, ethics_minutes: target.ethicsMinutes, licence_kind: target.licenceKind, prorated: target.prorated },
    totals: totalsOf(inPeriod, target),
    rows: inPeriod.map(({ period: _period, ...row }) => row),
    previous,
  };
}

export interface CpdTotals {
  minutes: number;
  ethicsMinutes: number;
  targetMinutes: number;
  targetEthicsMinutes: number;
}

// PGlite answers {rows}, postgres-js an array of rows.
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}

/**
 * Every user's minutes in period `startYear` and their target, in two set-based statements (the
 * upline's team, the insurer's report of every licensee: 100,000 users). `'all'`: every licensee
 * (agents and managers). The same rules as cpdLedger (a test holds them to each other).
 */
export async function cpdTotals(db: Db, userIds: readonly number[] | 'all', startYear: number, now: Date, config?: CpdConfig): Promise<Map<number, CpdTotals>> {
  const cfg = config ?? (await cpdConfig(db));
  const { start: periodStart, end: periodEnd } = periodBounds(startYear, cfg.rule);
  const start = periodStart.toISOString();
  const end = new Date(Math.min(periodEnd.getTime(), now.getTime() + 1)).toISOString();
  const days = periodDays(startYear, cfg.rule);
  const lastDay = [days.endsOn, hkDate(now)].sort()[0];
  const subjects =
    userIds === 'all'
      ? sql`select u.id, u.role from users u where u.role in ('agent', 'manager')`
      : sql`select u.id, u.role from users u where u.id = any(${`{${userIds.map((id) => Math.trunc(id)).join(',')}}`}::bigint[])`;
  if (userIds !== 'all' && userIds.length === 0) return new Map();

  const [people, sums] = await Promise.all([
    db.execute(sql`with s as (${subjects}) select s.id, s.role, l.licence_kind, l.licensed_on::text as licensed_on from s left join cpd_licences l on l.user_id = s.id`),
    db.execute(sql`
      with s as (${subjects}),
      elearning as (
        select e.user_id, a.minutes, a.ethics_or_regulations as ethics
        from course_enrolments e
        join s on s.id = e.user_id
        join lateral (
          select ap.minutes, ap.ethics_or_regulations from cpd_course_approvals ap
          where ap.course_id = e.course_id
            and ap.valid_from <= ${hkDay(sql`e.completed_at`)} and ap.valid_to >= ${hkDay(sql`e.completed_at`)}
          order by ap.valid_from desc, ap.id desc limit 1
        ) a on true
        where e.status = 'completed' and e.completed_at >= ${start}::timestamptz and e.completed_at < ${end}::timestamptz
      ),
      attended as (
        select a.user_id, se.course_id,
          sum(greatest(0, floor(extract(epoch from (least(a.checked_out_at, se.ends_at) - greatest(a.checked_in_at, se.starts_at))) / 60)))::int as minutes,
          max(a.checked_out_at) as last_out
        from offline_attendance a
        join s on s.id = a.user_id
        join offline_sessions se on se.id = a.session_id
        where a.checked_out_at is not null
        group by a.user_id, se.course_id
        having max(a.checked_out_at) >= ${start}::timestamptz and max(a.checked_out_at) < ${end}::timestamptz
      ),
      classroom as (
        select t.user_id, least(t.minutes, ap.minutes) as minutes, ap.ethics_or_regulations as ethics
        from attended t
        join lateral (
          select ap.minutes, ap.ethics_or_regulations from cpd_course_approvals ap
          where ap.offline_course_id = t.course_id
            and ap.valid_from <= ${hkDay(sql`t.last_out`)} and ap.valid_to >= ${hkDay(sql`t.last_out`)}
          order by ap.valid_from desc, ap.id desc limit 1
        ) ap on true
      ),
      claimed as (
        select c.user_id, c.minutes, c.ethics_or_regulations as ethics
        from cpd_claims c join s on s.id = c.user_id
        where c.status = 'approved' and c.ended_on >= ${days.startsOn}::date and c.ended_on <= ${lastDay}::date
      ),
      counted as (select * from elearning union all select * from classroom union all select * from claimed)
      select user_id, sum(minutes)::int as minutes, coalesce(sum(minutes) filter (where ethics), 0)::int as ethics_minutes
      from counted group by user_id`),
  ]);
  const out = new Map<number, CpdTotals>();
  for (const p of rowsOf<{ id: number | string; role: UserRole; licence_kind: CpdLicenceKind | null; licensed_on: string | null }>(people)) {
    const licence = p.licence_kind && p.licensed_on ? { licenceKind: p.licence_kind, licensedOn: p.licensed_on } : null;
    const t = targetOf(cfg, p.role, licence, startYear);
    out.set(Number(p.id), { minutes: 0, ethicsMinutes: 0, targetMinutes: t.minutes, targetEthicsMinutes: t.ethicsMinutes });
  }
  for (const r of rowsOf<{ user_id: number | string; minutes: number | string; ethics_minutes: number | string }>(sums)) {
    const t = out.get(Number(r.user_id));
    if (t) Object.assign(t, { minutes: Number(r.minutes), ethicsMinutes: Number(r.ethics_minutes) });
  }
  return out;
}

// --- Who reads whose ledger -------------------------------------------------------------------

export interface LedgerReader {
  userId: number;
  role: UserRole;
}

/**
 * May `reader` read `subjectId`'s ledger? Their own; a downline's (users.upline_id = the reader)
 * for their upline; anyone's for an auditor (read only). Anyone else: 403. An unknown subject is
 * a 403 too for all but an auditor (nobody learns which ids exist).
 */
export async function assertMayRead(db: Db, reader: LedgerReader, subjectId: number): Promise<'self' | 'upline' | 'auditor'> {
  if (reader.userId === subjectId) return 'self';
  const [subject] = await db.select({ uplineId: users.uplineId }).from(users).where(eq(users.id, subjectId));
  if (reader.role === 'auditor') {
    if (!subject) throw new HttpError(404, 'server:user_not_found');
    return 'auditor';
  }
  if (subject && subject.uplineId === reader.userId) return 'upline';
  throw new HttpError(403, 'server:cpd_not_your_downline', {}, { code: API_ERROR_CODE.forbidden });
}

/** Records a read of another person's ledger (an own read is not recorded). */
export async function logLedgerRead(db: Db, reader: LedgerReader, subjectId: number, periodStartYear: number, what: CpdLedgerRead, now: Date): Promise<void> {
  if (reader.userId === subjectId) return;
  await db.insert(cpdLedgerReads).values({ readerId: reader.userId, subjectId, periodStartYear, readAt: now, what });
}

// --- The evidence of a row --------------------------------------------------------------------

const isoOf = (d: Date | string | null | undefined) => (d == null ? null : new Date(d).toISOString());

/** What backs one row of `userId`'s ledger (any period within the retention years): 404 when it is none of theirs. */
export async function cpdEvidence(db: Db, userId: number, rowId: string, now: Date, lang: Language, config?: CpdConfig): Promise<{ evidence: CpdEvidence; period: number }> {
  const cfg = config ?? (await cpdConfig(db));
  const [source, idText] = rowId.split(':');
  const id = Number(idText);
  const current = periodOf(now, cfg.rule);
  const fromYear = Math.max(FIRST_CPD_PERIOD, current - cfg.retentionYears);
  const [found] = await ledgerRows(db, userId, { fromYear, toYear: current, now, lang, config: cfg, only: { source, id } });
  if (!found) throw new HttpError(404, 'server:cpd_row_not_found');
  const { period, ...row } = found;
  const evidence: CpdEvidence = { row, items: [], attendance: [], claim: null };
  if (source === 'course') evidence.items = await courseEvidence(db, userId, id, lang);
  if (source === 'offline') evidence.attendance = await classroomEvidence(db, userId, id, lang);
  if (source === 'claim') {
    const [c] = await db.select().from(cpdClaims).where(and(eq(cpdClaims.id, id), eq(cpdClaims.userId, userId)));
    evidence.claim = { kind: c.kind, provider: c.provider, started_on: c.startedOn, ended_on: c.endedOn, submitted_at: c.submittedAt.toISOString(), decided_at: isoOf(c.decidedAt), evidence_name: c.evidenceName };
  }
  return { evidence, period };
}

/** Each item and attachment of the course, the seconds credited on it, its viewings and the identity checks passed during them. */
async function courseEvidence(db: Db, userId: number, courseId: number, lang: Language): Promise<CpdEvidence['items']> {
  const items = await db
    .select({ id: courseItems.id, kind: courseItems.kind, title: courseItems.title, attachmentId: courseItems.attachmentId })
    .from(courseItems)
    .innerJoin(lessons, eq(lessons.id, courseItems.lessonId))
    .where(eq(courseItems.courseId, courseId))
    .orderBy(asc(lessons.position), asc(courseItems.position));
  const itemIds = items.filter((i) => i.attachmentId === null).map((i) => i.id);
  const attachmentIds = items.filter((i) => i.attachmentId !== null).map((i) => i.attachmentId!);
  const target = or(itemIds.length ? inArray(viewings.itemId, itemIds) : undefined, attachmentIds.length ? and(inArray(viewings.attachmentId, attachmentIds), or(eq(viewings.courseId, courseId), sql`${viewings.courseId} is null`)) : undefined);
  if (!target) return [];
  const seen = await db
    .select({
      id: viewings.id,
      itemId: viewings.itemId,
      attachmentId: viewings.attachmentId,
      startedAt: viewings.startedAt,
      device: sessions.clientId,
      seconds: sql<number>`coalesce((select sum(extract(epoch from (cs.ends_at - cs.starts_at))) from ${creditedSpans} cs where cs.viewing_id = ${viewings.id}), 0)`.mapWith(Number),
      first: sql<string | null>`(select min(cs.starts_at) from ${creditedSpans} cs where cs.viewing_id = ${viewings.id})`,
      last: sql<string | null>`(select max(cs.ends_at) from ${creditedSpans} cs where cs.viewing_id = ${viewings.id})`,
    })
    .from(viewings)
    .leftJoin(sessions, eq(sessions.id, viewings.sessionId))
    .where(and(eq(viewings.userId, userId), target))
    .orderBy(asc(viewings.startedAt), asc(viewings.id));
  // The seconds credited on the course's records (also those kept before viewings existed).
  const credited = await db
    .select({
      itemId: onScreenLogs.itemId,
      attachmentId: onScreenLogs.attachmentId,
      seconds: sql<number>`coalesce(sum(extract(epoch from (${creditedSpans.endsAt} - ${creditedSpans.startsAt}))), 0)`.mapWith(Number),
    })
    .from(creditedSpans)
    .innerJoin(onScreenLogs, eq(onScreenLogs.id, creditedSpans.onScreenLogId))
    .where(and(eq(creditedSpans.userId, userId), eq(onScreenLogs.courseId, courseId)))
    .groupBy(onScreenLogs.itemId, onScreenLogs.attachmentId);
  const spansOf = seen.filter((v) => v.last !== null);
  const from = spansOf.length ? new Date(Math.min(...spansOf.map((v) => v.startedAt.getTime()))) : null;
  const to = spansOf.length ? new Date(Math.max(...spansOf.map((v) => new Date(v.last!).getTime()))) : null;
  const checks =
    from && to
      ? await db
          .select({ id: identityChecks.id, type: identityChecks.type, at: identityChecks.createdAt })
          .from(identityChecks)
          .where(and(eq(identityChecks.userId, userId), eq(identityChecks.outcome, 'success'), gte(identityChecks.createdAt, from), lte(identityChecks.createdAt, to)))
          .orderBy(asc(identityChecks.createdAt))
      : [];
  return items.map((item) => {
    const isAttachment = item.attachmentId !== null;
    const mine = seen.filter((v) => (isAttachment ? v.attachmentId === item.attachmentId : v.itemId === item.id));
    const seconds = credited.filter((c) => (isAttachment ? c.attachmentId === item.attachmentId : c.itemId === item.id)).reduce((n, c) => n + c.seconds, 0);
    return {
      kind: isAttachment ? 'attachment' : 'item',
      id: String(isAttachment ? item.attachmentId : item.id),
      title: localize(item.title, lang),
      credited_seconds: Math.round(seconds),
      viewings: mine.map((v) => {
        const last = v.last ? new Date(v.last) : null;
        return {
          id: String(v.id),
          started_at: v.startedAt.toISOString(),
          device: v.device,
          credited_seconds: Math.round(v.seconds),
          first_credited_at: isoOf(v.first),
          last_credited_at: isoOf(last),
          identity_checks: last ? checks.filter((c) => c.at >= v.startedAt && c.at <= last).map((c) => ({ id: String(c.id), type: c.type, at: c.at.toISOString() })) : [],
        };
      }),
    };
  });
}

/** Each session of the classroom course with the user's check-in and check-out. */
async function classroomEvidence(db: Db, userId: number, offlineCourseId: number, lang: Language): Promise<CpdEvidence['attendance']> {
  const rows = await db
    .select({ a: offlineAttendance, session: offlineSessions })
    .from(offlineAttendance)
    .innerJoin(offlineSessions, eq(offlineSessions.id, offlineAttendance.sessionId))
    .where(and(eq(offlineAttendance.userId, userId), eq(offlineSessions.courseId, offlineCourseId)))
    .orderBy(asc(offlineSessions.startsAt));
  return rows.map(({ a, session }) => ({
    session_id: String(session.id),
    title: localize(session.title, lang),
    starts_at: session.startsAt.toISOString(),
    ends_at: session.endsAt.toISOString(),
    checked_in_at: a.checkedInAt.toISOString(),
    checked_out_at: isoOf(a.checkedOutAt),
    attended_minutes: attendedMinutes(session, a),
  }));
}
