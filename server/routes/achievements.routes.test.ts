import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { achievementsSchema } from '../../src/api/schemas/achievements.schema';
import { courseEnrolments, users } from '../db/schema';
import { createTestContext, type TestContext } from '../test-support';

// Issue 45, ADR 090: GET /api/achievements answers the signed-in learner's own, by the server clock.

let ctx: TestContext;
const token = {} as Record<'agent01' | 'agent02', string>;

beforeAll(async () => {
  ctx = await createTestContext();
  token.agent01 = await ctx.login('agent01', 'Learner2026');
  token.agent02 = await ctx.login('agent02', 'Learner2026');
}, 120_000);
afterAll(() => ctx?.close());

const read = async (who: keyof typeof token, path = '/api/achievements') => {
  const res = await ctx.request(path, { token: token[who] });
  expect(res.status).toBe(200);
  return Object.fromEntries(achievementsSchema.parse(await res.json()).achievements.map((a) => [a.kind, a]));
};

describe('GET /api/achievements', () => {
  it('needs a sign-in', async () => {
    const res = await ctx.request('/api/achievements');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ status_code: 401 });
  });

  it('answers the caller’s own: agent01’s first completed course is theirs, with its date; agent02’s CPD target is met, agent01’s not', async () => {
    const db = ctx.database.db;
    const [agent01] = await db.select({ id: users.id }).from(users).where(eq(users.externalId, 'agent01'));
    const completions = (await db.select({ at: courseEnrolments.completedAt }).from(courseEnrolments).where(eq(courseEnrolments.userId, agent01.id)))
      .map((e) => e.at)
      .filter((at): at is Date => at !== null)
      .sort((a, b) => a.getTime() - b.getTime());
    const mine = await read('agent01');
    expect(mine.first_course.earned_at).toBe(completions[0].toISOString());
    expect(mine.first_course.earned_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(mine.cpd_target.earned_at).toBeNull();
    // The demo's AML examination, passed at agent01's only attempt (the profile's demo achievement).
    expect(mine.exam_first_try.earned_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await read('agent02')).cpd_target.earned_at).not.toBeNull();
  });

  it('takes no one else’s id: a query naming another user is ignored, the answer stays the caller’s', async () => {
    const [agent02] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.externalId, 'agent02'));
    const mine = await read('agent01');
    expect(await read('agent01', `/api/achievements?user=${agent02.id}`)).toEqual(mine);
  });

  it('follows the server clock, not the browser: moved back before agent01’s first completion, it is not earned yet', async () => {
    const mine = await read('agent01');
    const saved = ctx.clock.now();
    try {
      ctx.clock.set(Date.parse(mine.first_course.earned_at!) - 1000);
      token.agent01 = await ctx.login('agent01', 'Learner2026');
      expect((await read('agent01')).first_course.earned_at).toBeNull();
    } finally {
      ctx.clock.set(saved);
      token.agent01 = await ctx.login('agent01', 'Learner2026');
    }
  });
});
