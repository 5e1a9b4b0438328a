import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newJoinerWelcomeListSchema } from '../../src/api/schemas/new-joiner-welcome.schema';
import { createTestContext, type TestContext } from '../test-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('GET /api/new-joiner-welcome', () => {
  it('answers the signed-in user what the contract declares', async () => {
    const token = await ctx.login('agent01', 'Learner2026');
    const res = await ctx.request('/api/new-joiner-welcome', { token });
    expect(res.status).toBe(200);
    expect(newJoinerWelcomeListSchema.parse(await res.json()).items).toHaveLength(1);
  });

  it('refuses a caller without a token', async () => {
    expect((await ctx.request('/api/new-joiner-welcome')).status).toBe(401);
  });
});
