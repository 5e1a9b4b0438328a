import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeSummarySchema } from '../../src/api/schemas/home-summary.schema';
import { HEADER } from '../../src/config/constants';
import { createTestContext, type TestContext } from '../test-support';
import { setClockToSeedMoment } from '../testing/seed-moment';

// Issue 45: GET /api/home-summary on the demo seed: agent01 sees where to continue and what is due,
// read at the seed's own moment (the template may be older than this run).

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await setClockToSeedMoment(ctx);
});
afterAll(() => ctx?.close());

describe('GET /api/home-summary', () => {
  it('answers agent01 an item to continue and something due soon (the demo), in the asked language', async () => {
    const token = await ctx.login('agent01', 'Learner2026');
    const res = await ctx.request('/api/home-summary', { token, headers: { [HEADER.language]: 'zh-HK' } });
    expect(res.status).toBe(200);
    const summary = homeSummarySchema.parse(await res.json());
    expect(summary.continue).not.toBeNull();
    expect(summary.due.length).toBeGreaterThan(0);
    expect(summary.due.map((d) => d.kind)).toEqual(expect.arrayContaining(['session', 'exam']));
    const now = ctx.clock.now();
    for (const d of summary.due) expect(Date.parse(d.at)).toBeLessThan(now + 15 * 86_400_000);
    expect([...summary.due].sort((a, b) => a.at.localeCompare(b.at))).toEqual(summary.due);
  });

  it('answers each learner only their own records (no id is taken from the request)', async () => {
    const mine = homeSummarySchema.parse(await (await ctx.request('/api/home-summary', { token: await ctx.login('agent01', 'Learner2026') })).json());
    const token = await ctx.login('agent02', 'Learner2026');
    const theirs = homeSummarySchema.parse(await (await ctx.request('/api/home-summary?user=1&userId=1', { token })).json());
    // agent02's classroom seat is pending: agent01's confirmed session is not theirs.
    const sessions = (s: typeof mine) => s.due.filter((d) => d.kind === 'session').map((d) => d.id);
    expect(sessions(mine).length).toBeGreaterThan(0);
    for (const id of sessions(mine)) expect(sessions(theirs)).not.toContain(id);
  });

  it('two learners asking at once each get their own summary', async () => {
    const [a, b] = [await ctx.login('agent01', 'Learner2026'), await ctx.login('agent03', 'Learner2026')];
    const alone = await Promise.all([a, b].map(async (token) => (await ctx.request('/api/home-summary', { token })).json()));
    const together = await Promise.all([a, b, a, b].map(async (token) => (await ctx.request('/api/home-summary', { token })).json()));
    expect(together).toEqual([...alone, ...alone]);
    expect(alone[0]).not.toEqual(alone[1]);
  });

  it('refuses a signed-out token and a forged one', async () => {
    const token = await ctx.login('agent02', 'Learner2026');
    expect((await ctx.request('/api/home-summary', { token: `${token}x` })).status).toBe(401);
    expect((await ctx.request('/api/auth/logout', { method: 'POST', token })).status).toBeLessThan(300);
    expect((await ctx.request('/api/home-summary', { token })).status).toBe(401);
  });

  it('refuses a caller without a token, with a clear message', async () => {
    const res = await ctx.request('/api/home-summary');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ status_code: 401, message: expect.any(String) });
  });
});
