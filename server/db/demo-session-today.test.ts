import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test-support';
import { giveDemoSessionsTheirTrainer, keepDemoSessionToday } from './demo-session-today';
import { offlineCourses, offlineSessions, users } from './schema';

// The demo's "session today" (MPF Product Briefing) must stay today on a database seeded days ago.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const mpf = async () =>
  (await ctx.database.db.select({ s: offlineSessions }).from(offlineSessions).innerJoin(offlineCourses, eq(offlineCourses.id, offlineSessions.courseId)).where(sql`${offlineCourses.title} ->> 'en' = 'MPF Product Briefing'`))[0].s;

describe('keepDemoSessionToday', () => {
  it('leaves the session alone while its window has not closed', async () => {
    const before = await mpf();
    expect(await keepDemoSessionToday(ctx.database.db, new Date(before.windowClosesAt.getTime() - 60_000))).toBe(0);
    expect((await mpf()).startsAt).toEqual(before.startsAt);
  });

  it('moves an ended session to the same hour relative to a later day, window and length kept', async () => {
    const before = await mpf();
    const threeDaysLater = new Date(before.startsAt.getTime() + 3 * 86_400_000 + 7 * 60_000);
    expect(await keepDemoSessionToday(ctx.database.db, threeDaysLater)).toBe(1);
    const after = await mpf();
    // The fixture's session started half an hour before the seed: it does so again before `now`.
    expect(after.startsAt.getTime()).toBe(threeDaysLater.getTime() - 30 * 60_000);
    expect(after.endsAt.getTime() - after.startsAt.getTime()).toBe(before.endsAt.getTime() - before.startsAt.getTime());
    expect(after.windowOpensAt.getTime()).toBeLessThanOrEqual(threeDaysLater.getTime());
    expect(after.windowClosesAt.getTime()).toBeGreaterThan(threeDaysLater.getTime());
    // Done once: a second start the same day moves nothing.
    expect(await keepDemoSessionToday(ctx.database.db, threeDaysLater)).toBe(0);
  });
});

describe('giveDemoSessionsTheirTrainer', () => {
  it('gives trainer01 the sessions without a trainer (a database from before issue 43), and only those', async () => {
    const db = ctx.database.db;
    const [trainer] = await db.select({ id: users.id }).from(users).where(eq(users.externalId, 'trainer01'));
    const before = await mpf();
    expect(before.trainerId).toBe(trainer.id);
    await db.update(offlineSessions).set({ trainerId: null }).where(eq(offlineSessions.id, before.id));
    expect(await giveDemoSessionsTheirTrainer(db)).toBe(1);
    expect((await mpf()).trainerId).toBe(trainer.id);
    expect(await giveDemoSessionsTheirTrainer(db)).toBe(0);
  });
});
