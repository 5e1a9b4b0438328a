import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readingNoteListSchema } from '../../src/api/schemas/reading-note.schema';
import { createTestContext, type TestContext } from '../test-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('GET /api/reading-note', () => {
  it('answers the signed-in user what the contract declares', async () => {
    const token = await ctx.login('agent01', 'Learner2026');
    const res = await ctx.request('/api/reading-note', { token });
    expect(res.status).toBe(200);
    expect(readingNoteListSchema.parse(await res.json()).items).toHaveLength(1);
  });

  it('refuses a caller without a token', async () => {
    expect((await ctx.request('/api/reading-note')).status).toBe(401);
  });
});
