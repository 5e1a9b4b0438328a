import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineCourses, offlineEnrolments, users } from '../db/schema';
import { createContentTestContext, type ContentTestContext } from '../testing/content-factory';
import { createAgents, createOfflineCourse, enrolmentStatuses } from '../testing/offline-factory';
import { approveAll } from './management';
import { cancelOfflineEnrolment, enrolOffline } from './offline-enrolments';
import type { Caller } from './quizzes';

// Issue 14: approve-all concurrent with cancels never counts a seat twice. Real database (PGlite here;
// PostgreSQL in the `postgres` project when TEST_DATABASE_URL is set, as this file imports the
// content factory): approve-all takes the same course-row lock as the learner's cancel (ADR 031).

let ctx: ContentTestContext;
const now = new Date('2026-03-02T09:00:00Z');
const as = (userId: number): Caller => ({ userId, lang: 'en', now, config: ctx.services.config });

beforeAll(async () => {
  ctx = await createContentTestContext();
});
afterAll(() => ctx?.close());

async function team(prefix: string, n: number): Promise<{ manager: number; downlines: number[] }> {
  const db = ctx.database.db;
  const [manager] = await createAgents(db, `${prefix}m`, 1);
  await db.update(users).set({ managerId: `M-${prefix}`, role: 'manager' }).where(eq(users.id, manager));
  const downlines = await createAgents(db, prefix, n);
  await db.update(users).set({ uplineId: manager }).where(inArray(users.id, downlines));
  return { manager, downlines };
}

describe('approve-all under concurrency', () => {
  it('crossing cancels: every seat is held once, the freed ones go to the waiting list, the quota holds', async () => {
    const db = ctx.database.db;
    const course = await createOfflineCourse(db, { title: 'Crossing', now, quota: 10 });
    const { manager, downlines } = await team('cross', 20);
    const enrolled = [];
    for (const id of downlines) enrolled.push(await enrolOffline(db, course, { terms_accepted: true, join_waiting_list: true }, as(id)));
    expect(await enrolmentStatuses(db, course)).toEqual({ pending: 10, waiting: 10 });
    const cancelling = enrolled.slice(0, 5);
    const outcomes = await Promise.allSettled([
      approveAll(db, { course_id: String(course) }, as(manager)),
      ...cancelling.map((e, i) => cancelOfflineEnrolment(db, Number(e.id), as(downlines[i]))),
      approveAll(db, {}, as(manager)),
    ]);
    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    const statuses = await enrolmentStatuses(db, course);
    expect(statuses.cancelled).toBe(5);
    // 10 seats, each held once: confirmed + pending never exceed the quota, and the 5 freed seats were given on.
    expect((statuses.confirmed ?? 0) + (statuses.pending ?? 0)).toBe(10);
    expect(statuses.waiting).toBe(5);
    const approved = outcomes.flatMap((o) => (o.status === 'fulfilled' && o.value && 'approved' in o.value ? o.value.approved : []));
    expect(new Set(approved).size).toBe(approved.length);
    // An approved request is confirmed, or was cancelled by its learner after the approval (on
    // PostgreSQL a cancel may run after approve-all's transaction); a request cancelled first was
    // never approved.
    const rows = await db.select().from(offlineEnrolments).where(eq(offlineEnrolments.courseId, course));
    for (const r of rows) {
      if (approved.includes(String(r.id))) {
        expect(['confirmed', 'cancelled']).toContain(r.status);
        expect(r.decidedBy).toBe(manager);
      } else if (r.status === 'cancelled') expect(r.decidedAt).toBeNull();
    }
  }, 120_000);

  it('a lowered quota: concurrent approve-alls and cancels never confirm more than the quota', async () => {
    const db = ctx.database.db;
    const course = await createOfflineCourse(db, { title: 'Lowered', now, quota: 12 });
    const { manager, downlines } = await team('low', 12);
    const enrolled = [];
    for (const id of downlines) enrolled.push(await enrolOffline(db, course, { terms_accepted: true }, as(id)));
    await db.update(offlineCourses).set({ quota: 6 }).where(eq(offlineCourses.id, course));
    const outcomes = await Promise.allSettled([
      ...Array.from({ length: 4 }, () => approveAll(db, {}, as(manager))),
      ...enrolled.slice(8).map((e, i) => cancelOfflineEnrolment(db, Number(e.id), as(downlines[8 + i]))),
    ]);
    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    expect(await enrolmentStatuses(db, course)).toEqual({ confirmed: 6, pending: 2, cancelled: 4 });
  }, 120_000);
});
