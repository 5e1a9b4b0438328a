import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseEnrolments, courses, creditedSpans, onScreenLogs, quizAttempts, quizzes, sessions, users, viewings } from '../db/schema';
import { createTestContext, type TestContext } from '../test-support';
import { achievementsOf, rowMeetingTarget, streakReachedOn } from './achievements';
import { cpdLedger, cpdTotals } from './cpd-ledger';
import { periodOf } from './cpd-period';

// Issue 45, ADR 090: each achievement from a real event the server recorded, never before it.

describe('streakReachedOn (consecutive Hong Kong days)', () => {
  it.each([
    [['2026-11-01', '2026-11-02', '2026-11-03'], 3, '2026-11-03'],
    [['2026-11-01', '2026-11-02', '2026-11-04', '2026-11-05'], 3, null],
    [['2026-11-01', '2026-11-03', '2026-11-04', '2026-11-05'], 3, '2026-11-05'],
    [['2027-02-27', '2027-02-28', '2027-03-01'], 3, '2027-03-01'],
    [['2028-02-28', '2028-02-29', '2028-03-01'], 3, '2028-03-01'],
    [['2026-12-31', '2027-01-01'], 2, '2027-01-01'],
    [[], 1, null],
  ])('%j with %i days → %s', (days, n, expected) => {
    expect(streakReachedOn(days, n)).toBe(expected);
  });
});

describe('rowMeetingTarget', () => {
  const row = (id: string, at: string, minutes: number, ethics: boolean) =>
    ({ id, source: 'course', title: id, reference: null, activity_kind: 'e_learning', completed_at: at, completed_on: at.slice(0, 10), minutes, ethics_or_regulations: ethics }) as const;
  it('is the row after which both the total and the E/R minutes reach the target, in the order they counted', () => {
    const rows = [row('c', '2026-10-03T00:00:00Z', 600, false), row('a', '2026-09-01T00:00:00Z', 180, true), row('b', '2026-09-02T00:00:00Z', 300, false)];
    expect(rowMeetingTarget(rows, { minutes: 900, ethicsMinutes: 180 })?.id).toBe('c');
    expect(rowMeetingTarget(rows, { minutes: 400, ethicsMinutes: 180 })?.id).toBe('b');
    expect(rowMeetingTarget(rows, { minutes: 400, ethicsMinutes: 200 })).toBeNull();
  });
});

describe('achievementsOf (on the demo database)', () => {
  let ctx: TestContext;
  let me: number;
  let courseIds: number[];
  let examIds: number[];
  const now = () => new Date(ctx.clock.now());
  const of = async (at: Date = now(), streakDays = 5) => Object.fromEntries((await achievementsOf(ctx.database.db, me, at, { streakDays })).achievements.map((a) => [a.kind, a]));

  beforeAll(async () => {
    ctx = await createTestContext();
    const db = ctx.database.db;
    [{ id: me }] = await db.insert(users).values({ externalId: 'ach01', name: 'Achiever', email: 'ach01@example.com', passwordHash: 'x' }).returning({ id: users.id });
    courseIds = (await db.select({ id: courses.id }).from(courses).orderBy(asc(courses.id)).limit(3)).map((c) => c.id);
    // Two examinations of the learner's own (the demo has one, taken by agent01).
    examIds = (
      await db
        .insert(quizzes)
        .values([1, 2].map((n) => ({ courseId: courseIds[n], position: 9, kind: 'exam' as const, title: { en: `Exam ${n}`, zh: `Exam ${n}`, cn: `Exam ${n}` }, description: { en: '', zh: '', cn: '' }, passMark: 5 })))
        .returning({ id: quizzes.id })
    ).map((q) => q.id);
  }, 120_000);
  afterAll(() => ctx?.close());

  it('a new learner has earned nothing; every kind is listed, with the streak length asked for', async () => {
    const answer = await achievementsOf(ctx.database.db, me, now(), { streakDays: 4 });
    expect(answer.streak_days).toBe(4);
    expect(answer.cpd_period.start_year).toBe(periodOf(now()));
    expect(answer.cpd_period.starts_on).toBe(`${periodOf(now())}-08-01`);
    expect(answer.achievements).toEqual(['first_course', 'cpd_target', 'exam_first_try', 'learning_streak'].map((kind) => ({ kind, earned_at: null, earned_on: null })));
  });

  it('the first course completed: the earliest completion, not before it happened', async () => {
    const t = now().getTime();
    const first = new Date(t - 10 * 86_400_000);
    await ctx.database.db.insert(courseEnrolments).values([
      { userId: me, courseId: courseIds[0], status: 'completed', completedAt: new Date(t - 5 * 86_400_000) },
      { userId: me, courseId: courseIds[1], status: 'completed', completedAt: first },
      { userId: me, courseId: courseIds[2], status: 'in_progress' },
    ]);
    expect((await of()).first_course.earned_at).toBe(first.toISOString());
    expect((await of(new Date(first.getTime() - 1))).first_course.earned_at).toBeNull();
  });

  it('an examination passed at the first attempt; a pass after a failure is not one', async () => {
    const t = now().getTime();
    const attempt = (quizId: number, minutesAgo: number, pass: boolean) => ({
      quizId,
      userId: me,
      startedAt: new Date(t - minutesAgo * 60_000 - 60_000),
      finishedAt: new Date(t - minutesAgo * 60_000),
      finishedBy: 'learner' as const,
      score: pass ? 10 : 1,
      fullMarks: 10,
      pass,
    });
    // The first exam: failed, then passed.
    await ctx.database.db.insert(quizAttempts).values([attempt(examIds[0], 300, false), attempt(examIds[0], 200, true)]);
    expect((await of()).exam_first_try.earned_at).toBeNull();
    // The second: passed at once.
    const passed = attempt(examIds[1], 100, true);
    await ctx.database.db.insert(quizAttempts).values(passed);
    const a = (await of()).exam_first_try;
    expect(a.earned_at).toBe(passed.finishedAt.toISOString());
    expect((await of(new Date(passed.finishedAt.getTime() - 1))).exam_first_try.earned_at).toBeNull();
  });

  it('a streak of Hong Kong days with credited time: late-evening and after-midnight spans are separate HK days; a missed day breaks it', async () => {
    const db = ctx.database.db;
    const sessionId = randomUUID();
    await db.insert(sessions).values({ id: sessionId, userId: me, clientId: randomUUID(), createdAt: new Date('2026-01-01T00:00:00Z'), lastSeenAt: new Date('2026-01-01T00:00:00Z') });
    const credit = async (startsAt: string) => {
      const at = new Date(startsAt);
      const [viewing] = await db.insert(viewings).values({ userId: me, sessionId, courseId: courseIds[2], startedAt: at }).returning({ id: viewings.id });
      const [log] = await db.insert(onScreenLogs).values({ userId: me, courseId: courseIds[2], duration: 60, key: at.getTime(), viewingId: viewing.id, createdAt: at }).returning({ id: onScreenLogs.id });
      await db.insert(creditedSpans).values({ userId: me, onScreenLogId: log.id, viewingId: viewing.id, startsAt: at, endsAt: new Date(at.getTime() + 60_000), signInSessionId: sessionId });
    };
    // HK days 10, 11 (23:30 HK = 15:30 UTC), then 12 at 00:30 HK (16:30 UTC on the 11th), 13: four days.
    await credit('2026-03-10T02:00:00Z');
    await credit('2026-03-11T15:30:00Z');
    await credit('2026-03-11T16:30:00Z');
    await credit('2026-03-13T01:00:00Z');
    const fourDays = await of(now(), 4);
    expect(fourDays.learning_streak).toEqual({ kind: 'learning_streak', earned_at: '2026-03-12T16:00:00.000Z', earned_on: '2026-03-13' });
    // Five needed: 14 March is missed, so 15 March starts again.
    await credit('2026-03-15T01:00:00Z');
    expect((await of(now(), 5)).learning_streak.earned_at).toBeNull();
    // Not before the day it was reached.
    expect((await of(new Date('2026-03-12T23:00:00Z'), 4)).learning_streak.earned_at).toBeNull();
  });

  it('this period’s CPD target: met by agent02 (at the row that met it, as cpdTotals says), not by agent01 (short)', async () => {
    const db = ctx.database.db;
    const idOf = async (code: string) => (await db.select({ id: users.id }).from(users).where(eq(users.externalId, code)))[0].id;
    const [agent01, agent02] = [await idOf('agent01'), await idOf('agent02')];
    const period = periodOf(now());
    const totals = await cpdTotals(db, [agent02], period, now());
    expect(totals.get(agent02)!.minutes).toBeGreaterThanOrEqual(totals.get(agent02)!.targetMinutes);
    const met = (await achievementsOf(db, agent02, now())).achievements.find((a) => a.kind === 'cpd_target')!;
    const ledger = await cpdLedger(db, agent02, period, now(), 'en');
    expect(ledger.rows.map((r) => r.completed_at)).toContain(met.earned_at);
    // The moment before the row that met it, the target was not met yet.
    expect((await achievementsOf(db, agent02, new Date(Date.parse(met.earned_at!) - 1))).achievements.find((a) => a.kind === 'cpd_target')!.earned_at).toBeNull();
    expect((await achievementsOf(db, agent01, now())).achievements.find((a) => a.kind === 'cpd_target')!.earned_at).toBeNull();
  });
});
