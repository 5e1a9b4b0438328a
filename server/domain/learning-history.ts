import { and, eq, gte, lt, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { LearningHistory, LearningHistoryQuery } from '../../src/api/schemas/learning-history.schema';
import { COURSE_KINDS, type CourseKind } from '../../src/config/constants';
import type { Db } from '../db/client';
import { preparedPerDatabase } from '../db/prepared';
import {
  courseEnrolments,
  courses,
  daySeconds,
  managementCourseRules,
  managementOfflineCourseRules,
  offlineAttendance,
  offlineCourses,
  offlineSessions,
} from '../db/schema';
import { FIRST_DAY, LAST_DAY } from '../../src/api/schemas/day.schema';
import { HttpError } from '../http/errors';
import { attendedMinutes } from './offline-courses';

// What a learner did in a period (SPEC §7 learning_history/all, §2 the manager's user report): ONE
// rule for both, so the learner's profile and the upline's report can never disagree (ADR 060).
// - completed: e-learning enrolments completed in the period, also counted by the course's kind;
// - in progress / overdue: the enrolments in progress now (overdue: past the course's due date);
// - on-screen hours: the seconds the server credited on the period's UTC days (day_seconds, ADR 057);
// - CPD hours: each completed course's CPD hours, plus classroom attendance (check-out − check-in
//   within the session) of sessions starting in the period, up to the classroom course's CPD hours;
//   split by the course's Ethics/Regulations flag (management_course_rules, management_offline_course_rules).

const DAY = 86_400_000;

/** A period of whole UTC days, YYYY-MM-DD, both days included. */
export interface Period {
  from: string;
  to: string;
}

/** The IA year holding `now` (1 Aug–31 Jul, UTC days, server clock). */
export function iaYearOf(now: Date): Period {
  const y = now.getUTCFullYear();
  const start = now.getUTCMonth() >= 7 ? y : y - 1;
  return { from: `${start}-08-01`, to: `${start + 1}-07-31` };
}

/** The period asked for; a missing day is this IA year's (server clock). A start after the end is a 400. */
export function periodOf(query: { from?: string; to?: string }, now: Date): Period {
  const year = iaYearOf(now);
  const from = query.from ?? year.from;
  const to = query.to ?? year.to;
  if (from < FIRST_DAY || to > LAST_DAY) throw new HttpError(400, 'validation:date_invalid');
  if (from > to) throw new HttpError(400, 'validation:period_invalid');
  return { from, to };
}

export interface LearningTotals {
  /** E-learning courses completed in the period, and the same by the course's kind. */
  completed: number;
  completedByKind: Record<CourseKind, number>;
  /** Now, whatever the period. */
  inProgress: number;
  overdue: number;
  /** Rounded to 2 decimals. */
  onScreenHours: number;
  cpdEthicsHours: number;
  cpdOtherHours: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

const emptyTotals = (): LearningTotals => ({
  completed: 0,
  completedByKind: Object.fromEntries(COURSE_KINDS.map((k) => [k, 0])) as Record<CourseKind, number>,
  inProgress: 0,
  overdue: 0,
  onScreenHours: 0,
  cpdEthicsHours: 0,
  cpdOtherHours: 0,
});

const placeholder = sql.placeholder;

/** The users asked about: one array value, so one prepared statement serves a learner and a team of any size. */
const userIn = (column: AnyPgColumn, ids: SQL | Placeholder = placeholder('ids')) => sql`${column} = any(${ids}::bigint[])`;

/**
 * The enrolments of the users `ids` (a bigint[] value), counted per user: those in progress now,
 * and of them those overdue at `now` (past their rule's due date); those completed in [start, end),
 * also by the course's kind, and their courses' CPD hours split by the rule's Ethics/Regulations
 * flag (no rule: other). Counted here, not row by row in JavaScript: a team's 190 enrolments read
 * as rows were most of the report's server CPU (Drizzle's mapping of each field, a Date for each
 * timestamp), ADR 075.
 *
 * The course is looked up by key for each enrolment: joined as a table, PostgreSQL hashed the whole
 * catalogue for a team's ~200 enrolments (344 pages read for 2,000 courses on the large data set, a
 * cost growing with the catalogue, ADR 073). `limit 1` (a course has one row) keeps the lateral
 * subquery from being pulled up into that join again; Drizzle leaves an `offset 0` out. The rules,
 * a few rows, are joined beside it: inside the lateral subquery they were read again for each
 * enrolment (a sixth of the statement's time, ADR 075).
 */
export function enrolmentTotals(db: Db, ids: SQL | Placeholder, at: { now: SQL | Placeholder; start: SQL | Placeholder; end: SQL | Placeholder }) {
  const course = db.select({ kind: courses.kind, cpd: courses.cpdHours }).from(courses).where(eq(courses.id, courseEnrolments.courseId)).limit(1).as('course');
  const rule = { ethics: managementCourseRules.ethicsRegulations, dueAt: managementCourseRules.dueAt };
  const inProgress = sql`${courseEnrolments.status} = 'in_progress'`;
  const completedIn = sql`${courseEnrolments.status} <> 'in_progress' and ${courseEnrolments.completedAt} >= (${at.start})::timestamptz and ${courseEnrolments.completedAt} < (${at.end})::timestamptz`;
  const counted = (filter: SQL) => sql<number>`count(*) filter (where ${filter})`.mapWith(Number);
  const hours = (filter: SQL) => sql<number>`coalesce(sum(${course.cpd}) filter (where ${filter}), 0)`.mapWith(Number);
  return db
    .select({
      userId: courseEnrolments.userId,
      inProgress: counted(inProgress),
      overdue: counted(sql`${inProgress} and ${rule.dueAt} < (${at.now})::timestamptz`),
      completed: counted(completedIn),
      ...(Object.fromEntries(COURSE_KINDS.map((kind) => [kind, counted(sql`${completedIn} and ${course.kind} = ${kind}`)])) as Record<CourseKind, SQL<number>>),
      cpdEthics: hours(sql`${completedIn} and ${rule.ethics}`),
      cpdOther: hours(sql`${completedIn} and not coalesce(${rule.ethics}, false)`),
    })
    .from(courseEnrolments)
    .innerJoinLateral(course, sql`true`)
    .leftJoin(managementCourseRules, eq(managementCourseRules.courseId, courseEnrolments.courseId))
    .where(userIn(courseEnrolments.userId, ids))
    .groupBy(courseEnrolments.userId);
}

/**
 * learningTotals' reads, built once per database and run as prepared statements (ADR 037, 073):
 * building their SQL on every call was most of the manager's report's CPU.
 */
function prepareTotals(db: Db) {
  return {
    enrolments: enrolmentTotals(db, placeholder('ids'), { now: placeholder('now'), start: placeholder('start'), end: placeholder('end') }).prepare('learning_totals_enrolments'),
    // The period is whole UTC days, as day_seconds' days (migration 0026, ADR 057): a row per
    // user and day learnt, not every record (one each 30 s on screen).
    seconds: db
      .select({ userId: daySeconds.userId, s: sql<number>`coalesce(sum(${daySeconds.seconds}), 0)`.mapWith(Number) })
      .from(daySeconds)
      .where(and(userIn(daySeconds.userId), gte(daySeconds.day, placeholder('from')), lte(daySeconds.day, placeholder('to'))))
      .groupBy(daySeconds.userId)
      .prepare('learning_totals_seconds'),
    attended: db
      .select({ a: offlineAttendance, session: offlineSessions, cpd: offlineCourses.cpdHours, ethics: managementOfflineCourseRules.ethicsRegulations })
      .from(offlineAttendance)
      .innerJoin(offlineSessions, eq(offlineSessions.id, offlineAttendance.sessionId))
      .innerJoin(offlineCourses, eq(offlineCourses.id, offlineSessions.courseId))
      .leftJoin(managementOfflineCourseRules, eq(managementOfflineCourseRules.offlineCourseId, offlineCourses.id))
      .where(and(userIn(offlineAttendance.userId), gte(offlineSessions.startsAt, placeholder('start')), lt(offlineSessions.startsAt, placeholder('end'))))
      .prepare('learning_totals_attended'),
  };
}

const totalsQueries = preparedPerDatabase(prepareTotals);

/** Each user's totals in the period (a user without any activity gets zeros); `now` decides overdue. */
export async function learningTotals(db: Db, userIds: readonly number[], period: Period, now: Date): Promise<Map<number, LearningTotals>> {
  const totals = new Map<number, LearningTotals>(userIds.map((id) => [id, emptyTotals()]));
  const ids = [...totals.keys()];
  if (ids.length === 0) return totals;
  // From the first UTC midnight to the UTC midnight after the last day.
  const start = new Date(`${period.from}T00:00:00Z`);
  const end = new Date(Date.parse(`${period.to}T00:00:00Z`) + DAY);

  const values = { ids, from: period.from, to: period.to, start: start.toISOString(), end: end.toISOString(), now: now.toISOString() };
  // The three reads at once, pipelined on the statement connections (ADR 044).
  const prepared = totalsQueries(db);
  const [enrolments, seconds, attended] = await Promise.all([prepared.enrolments.execute(values), prepared.seconds.execute(values), prepared.attended.execute(values)]);
  for (const e of enrolments) {
    const t = totals.get(e.userId)!;
    t.inProgress += e.inProgress;
    t.overdue += e.overdue;
    t.completed += e.completed;
    for (const kind of COURSE_KINDS) t.completedByKind[kind] += e[kind];
    t.cpdEthicsHours += e.cpdEthics;
    t.cpdOtherHours += e.cpdOther;
  }
  for (const s of seconds) totals.get(s.userId)!.onScreenHours = s.s / 3600;

  // Classroom attendance (check-out − check-in within the session) counts, up to the course's CPD hours.
  const perCourse = new Map<string, { userId: number; minutes: number; cpd: number; ethics: boolean }>();
  for (const r of attended) {
    const key = `${r.a.userId}:${r.session.courseId}`;
    const acc = perCourse.get(key) ?? { userId: r.a.userId, minutes: 0, cpd: r.cpd, ethics: r.ethics ?? false };
    acc.minutes += attendedMinutes(r.session, r.a);
    perCourse.set(key, acc);
  }
  for (const c of perCourse.values()) {
    const hours = Math.min(c.cpd, c.minutes / 60);
    const t = totals.get(c.userId)!;
    if (c.ethics) t.cpdEthicsHours += hours;
    else t.cpdOtherHours += hours;
  }

  for (const t of totals.values()) {
    t.onScreenHours = round2(t.onScreenHours);
    t.cpdEthicsHours = round2(t.cpdEthicsHours);
    t.cpdOtherHours = round2(t.cpdOtherHours);
  }
  return totals;
}

/** The chart's months at most: a longer period answers no months (the widest is 10,000 years). */
export const MAX_CHART_MONTHS = 36;

/** Each calendar month of the period, YYYY-MM, oldest first. */
export function monthsOf(period: Period): string[] {
  const out: string[] = [];
  let [y, m] = period.from.slice(0, 7).split('-').map(Number);
  const last = period.to.slice(0, 7);
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    out.push(month);
    if (month >= last) return out;
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
}

/** The learner's on-screen hours per month of the period (day_seconds' UTC days, as the period's total). */
async function monthlyHours(db: Db, userId: number, period: Period): Promise<{ month: string; on_screen_hours: number }[] | undefined> {
  const span = (Number(period.to.slice(0, 4)) - Number(period.from.slice(0, 4))) * 12 + Number(period.to.slice(5, 7)) - Number(period.from.slice(5, 7)) + 1;
  if (span > MAX_CHART_MONTHS) return undefined;
  const month = sql<string>`to_char(${daySeconds.day}, 'YYYY-MM')`;
  const rows = await db
    .select({ month, s: sql<number>`coalesce(sum(${daySeconds.seconds}), 0)`.mapWith(Number) })
    .from(daySeconds)
    .where(and(eq(daySeconds.userId, userId), gte(daySeconds.day, period.from), lte(daySeconds.day, period.to)))
    .groupBy(month);
  const seconds = new Map(rows.map((r) => [r.month, r.s]));
  return monthsOf(period).map((m) => ({ month: m, on_screen_hours: round2((seconds.get(m) ?? 0) / 3600) }));
}

/** The caller's own summary (the profile page): the period asked for, or this IA year. */
export async function learningHistory(db: Db, userId: number, query: Partial<LearningHistoryQuery>, now: Date): Promise<LearningHistory> {
  const period = periodOf({ from: query.from_date, to: query.to_date }, now);
  const [totals, months] = await Promise.all([learningTotals(db, [userId], period, now), monthlyHours(db, userId, period)]);
  const t = totals.get(userId)!;
  return {
    from: period.from,
    to: period.to,
    completed: t.completed,
    compulsory: t.completedByKind.compulsory,
    non_compulsory: t.completedByKind.elective,
    recommended: t.completedByKind.recommended,
    in_progress: t.inProgress,
    on_screen_hours: t.onScreenHours,
    cpd_ethics_hours: t.cpdEthicsHours,
    cpd_other_hours: t.cpdOtherHours,
    ...(months ? { months } : {}),
  };
}
