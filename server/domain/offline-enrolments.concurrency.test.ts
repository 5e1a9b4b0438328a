import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineEnrolments } from '../db/schema';
import { HttpError } from '../http/errors';
import { createContentTestContext, type ContentTestContext } from '../testing/content-factory';
import { createAgents, createOfflineCourse, enrolmentStatuses } from '../testing/offline-factory';
import { cancelOfflineEnrolment, enrolOffline, setOfflineQuota } from './offline-enrolments';
import type { Caller } from './quizzes';

// ADR 031: seats never overbook. Real database (PGlite here; PostgreSQL in the `postgres` project when
// TEST_DATABASE_URL is set, since this file imports the content factory). Each seat decision is one
// transaction on the locked course row.

let ctx: ContentTestContext;
const now = new Date('2026-03-02T09:00:00Z');
const as = (userId: number): Caller => ({ userId, lang: 'en', now, config: ctx.services.config });

beforeAll(async () => {
  ctx = await createContentTestContext();
});
afterAll(() => ctx?.close());

describe('offline enrolments under concurrency', () => {
  it('200 concurrent enrolments on a quota of 20: exactly 20 hold seats, the other 180 wait', async () => {
    const db = ctx.database.db;
    const course = await createOfflineCourse(db, { title: 'Crowded', now, quota: 20 });
    const agents = await createAgents(db, 'crowd', 200);
    const results = await Promise.allSettled(agents.map((id) => enrolOffline(db, course, { terms_accepted: true, join_waiting_list: true }, as(id))));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(await enrolmentStatuses(db, course)).toEqual({ pending: 20, waiting: 180 });
    const answered = results.map((r) => (r.status === 'fulfilled' ? r.value.status : 'error'));
    expect(answered.filter((s) => s === 'pending')).toHaveLength(20);
  }, 120_000);

  it('without the waiting list the 180 late ones are refused with no quota left (409), none stored', async () => {
    const db = ctx.database.db;
    const course = await createOfflineCourse(db, { title: 'No list', now, quota: 20, needsApproval: false });
    const agents = await createAgents(db, 'nolist', 200);
    const results = await Promise.allSettled(agents.map((id) => enrolOffline(db, course, { terms_accepted: true }, as(id))));
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason as HttpError);
    expect(refused).toHaveLength(180);
    expect(new Set(refused.map((e) => `${e.status} ${e.key}`))).toEqual(new Set(['409 server:offline_no_quota']));
    expect(await enrolmentStatuses(db, course)).toEqual({ confirmed: 20 });
  }, 120_000);

  it('one learner enrolling ten times at once gets one enrolment', async () => {
    const db = ctx.database.db;
    const course = await createOfflineCourse(db, { title: 'Double click', now, quota: 5 });
    const [id] = await createAgents(db, 'dbl', 1);
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => enrolOffline(db, course, { terms_accepted: true }, as(id))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await enrolmentStatuses(db, course)).toEqual({ pending: 1 });
  });

  it('cancels crossing enrolments never count a seat twice: the quota holds and the freed seats go to the first waiting', async () => {
    const db = ctx.database.db;
    const course = await createOfflineCourse(db, { title: 'Churn', now, quota: 10, needsApproval: false });
    const holders = await createAgents(db, 'hold', 10);
    const waiting = await createAgents(db, 'wait', 5);
    const late = await createAgents(db, 'late', 30);
    const held = [];
    for (const id of holders) held.push(await enrolOffline(db, course, { terms_accepted: true }, as(id)));
    for (const id of waiting) await enrolOffline(db, course, { terms_accepted: true, join_waiting_list: true }, as(id));
    const cancelling = held.slice(0, 6);
    const outcomes = await Promise.allSettled([
      ...cancelling.map((e, i) => cancelOfflineEnrolment(db, Number(e.id), as(holders[i]))),
      ...late.map((id) => enrolOffline(db, course, { terms_accepted: true, join_waiting_list: true }, as(id))),
    ]);
    expect(outcomes.filter((r) => r.status === 'rejected')).toEqual([]);
    const statuses = await enrolmentStatuses(db, course);
    // 45 requests, 6 cancelled, 10 seats: the other 29 wait.
    expect(statuses).toEqual({ confirmed: 10, cancelled: 6, waiting: 29 });
    // The first five in line (joined before any late one) were promoted.
    const firstInLine = await db
      .select({ status: offlineEnrolments.status })
      .from(offlineEnrolments)
      .where(and(eq(offlineEnrolments.courseId, course), inArray(offlineEnrolments.userId, waiting)));
    expect(firstInLine.map((r) => r.status)).toEqual(Array(5).fill('confirmed'));
  }, 120_000);

  it('a raise of the quota never confirms people still awaiting approval: the waiting become pending', async () => {
    const db = ctx.database.db;
    const course = await createOfflineCourse(db, { title: 'Raise', now, quota: 2, needsApproval: true });
    const agents = await createAgents(db, 'raise', 4);
    for (const id of agents) await enrolOffline(db, course, { terms_accepted: true, join_waiting_list: true }, as(id));
    expect(await enrolmentStatuses(db, course)).toEqual({ pending: 2, waiting: 2 });
    const promoted = await setOfflineQuota(db, course, 10, now);
    expect(promoted).toHaveLength(2);
    expect(await enrolmentStatuses(db, course)).toEqual({ pending: 4 });
  });
});
