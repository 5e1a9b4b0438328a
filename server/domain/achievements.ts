import { and, asc, eq, isNotNull, lte, min, sql } from 'drizzle-orm';
import type { Achievement, AchievementKind, Achievements } from '../../src/api/schemas/achievements.schema';
import type { CpdLedgerRow } from '../../src/api/schemas/cpd-ledger.schema';
import type { Db } from '../db/client';
import { courseEnrolments, creditedSpans, quizAttempts, quizzes } from '../db/schema';
import { cpdConfig, cpdLedger, cpdTotals } from './cpd-ledger';
import { hkDate, periodDays, periodOf } from './cpd-period';

// Issue 45, ADR 090: a learner's achievements, computed on read from the records the server keeps
// (enrolments, attempts, credited spans, the CPD ledger), so an achievement can never disagree with
// the evidence behind it and nothing is earned before its event. Each read is a handful of indexed
// queries of one learner's rows.

/** What an achievement takes (configuration, not code spread through the rules). */
export interface AchievementRules {
  /** Consecutive Hong Kong days with credited on-screen time that make a streak. */
  streakDays: number;
}

export const ACHIEVEMENT_RULES: AchievementRules = { streakDays: 5 };

const DAY_MS = 86_400_000;
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/**
 * The day a run of `n` consecutive days is first reached in `days` (sorted, distinct YYYY-MM-DD):
 * the n-th day of the first such run, or null. A missed day starts the count again.
 */
export function streakReachedOn(days: readonly string[], n: number): string | null {
  let run = 0;
  let previous: string | null = null;
  for (const day of days) {
    run = previous !== null && nextDay(previous) === day ? run + 1 : 1;
    previous = day;
    if (run >= n) return day;
  }
  return null;
}

/**
 * The ledger row that met the target: rows counted in the order they counted, the first after which
 * both the total and the Ethics/Regulations minutes reach the target. null: not met.
 */
export function rowMeetingTarget(rows: readonly CpdLedgerRow[], target: { minutes: number; ethicsMinutes: number }): CpdLedgerRow | null {
  let minutes = 0;
  let ethics = 0;
  for (const row of [...rows].sort((a, b) => a.completed_at.localeCompare(b.completed_at))) {
    minutes += row.minutes;
    if (row.ethics_or_regulations) ethics += row.minutes;
    if (minutes >= target.minutes && ethics >= target.ethicsMinutes) return row;
  }
  return null;
}

const earned = (kind: AchievementKind, at: Date | string | null): Achievement => {
  if (at === null) return { kind, earned_at: null, earned_on: null };
  const instant = new Date(at);
  return { kind, earned_at: instant.toISOString(), earned_on: hkDate(instant) };
};

/** The first completed course (its completion time), up to `now`. */
async function firstCompletion(db: Db, userId: number, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(courseEnrolments.completedAt) })
    .from(courseEnrolments)
    .where(and(eq(courseEnrolments.userId, userId), eq(courseEnrolments.status, 'completed'), isNotNull(courseEnrolments.completedAt), lte(courseEnrolments.completedAt, now)));
  return row?.at ?? null;
}

/** The first examination whose first finished attempt passed: that attempt's finishing time. */
async function firstExamPassedFirstTime(db: Db, userId: number, now: Date): Promise<Date | null> {
  const firstAttempts = db
    .selectDistinctOn([quizAttempts.quizId], { quizId: quizAttempts.quizId, pass: quizAttempts.pass, finishedAt: quizAttempts.finishedAt })
    .from(quizAttempts)
    .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
    .where(and(eq(quizAttempts.userId, userId), eq(quizzes.kind, 'exam'), isNotNull(quizAttempts.finishedAt), lte(quizAttempts.finishedAt, now)))
    .orderBy(quizAttempts.quizId, asc(quizAttempts.startedAt), asc(quizAttempts.id))
    .as('first_attempts');
  const [row] = await db
    .select({ at: sql<string | null>`min(${firstAttempts.finishedAt})` })
    .from(firstAttempts)
    .where(eq(firstAttempts.pass, true));
  return row?.at ? new Date(row.at) : null;
}

/** The Hong Kong days with credited on-screen time (credited spans, the server's evidence), up to `now`. */
async function learningDays(db: Db, userId: number, now: Date): Promise<string[]> {
  const day = sql<string>`(((${creditedSpans.startsAt} at time zone 'UTC') + interval '8 hours')::date)::text`;
  const rows = await db
    .selectDistinct({ day })
    .from(creditedSpans)
    .where(and(eq(creditedSpans.userId, userId), lte(creditedSpans.startsAt, now)))
    .orderBy(day);
  return rows.map((r) => r.day);
}

/** The moment the period's CPD target was met: cpdTotals decides whether, the ledger's rows when. */
async function cpdTargetMet(db: Db, userId: number, now: Date): Promise<{ period: Achievements['cpd_period']; at: string | null }> {
  const config = await cpdConfig(db);
  const startYear = periodOf(now, config.rule);
  const days = periodDays(startYear, config.rule);
  const period = { start_year: startYear, starts_on: days.startsOn, ends_on: days.endsOn };
  const totals = (await cpdTotals(db, [userId], startYear, now, config)).get(userId);
  // A target of nothing (not licensed in the period) is not an achievement.
  if (!totals || totals.targetMinutes <= 0 || totals.minutes < totals.targetMinutes || totals.ethicsMinutes < totals.targetEthicsMinutes) return { period, at: null };
  const ledger = await cpdLedger(db, userId, startYear, now, 'en', config);
  const row = rowMeetingTarget(ledger.rows, { minutes: totals.targetMinutes, ethicsMinutes: totals.targetEthicsMinutes });
  return { period, at: row?.completed_at ?? null };
}

/** The learner's achievements at `now` (the server's clock), every kind, earned or not. */
export async function achievementsOf(db: Db, userId: number, now: Date, rules: AchievementRules = ACHIEVEMENT_RULES): Promise<Achievements> {
  const [course, exam, days, cpd] = await Promise.all([firstCompletion(db, userId, now), firstExamPassedFirstTime(db, userId, now), learningDays(db, userId, now), cpdTargetMet(db, userId, now)]);
  const streakDay = streakReachedOn(days, rules.streakDays);
  // A streak is earned at the Hong Kong midnight that starts its last day (UTC+8): the day is the event.
  const streakAt = streakDay ? new Date(Date.parse(`${streakDay}T00:00:00+08:00`)) : null;
  return {
    achievements: [earned('first_course', course), earned('cpd_target', cpd.at), earned('exam_first_try', exam), earned('learning_streak', streakAt)],
    streak_days: rules.streakDays,
    cpd_period: cpd.period,
  };
}
