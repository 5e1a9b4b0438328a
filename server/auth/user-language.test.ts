import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER } from '../../src/config/constants';
import { users } from '../db/schema';
import { createTestContext, type TestContext } from '../test-support';

// ADR 092: the language a person last used the app in is kept on the user (requireAuth), so what the
// server sends without a request (the CPD reminders) is written in it.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 120_000);
afterAll(() => ctx?.close());

const stored = async (code: string) => (await ctx.database.db.select({ language: users.language }).from(users).where(eq(users.externalId, code)))[0].language;
const current = (token: string, lang?: string) => ctx.request('/api/users/current', { token, headers: lang ? { [HEADER.language]: lang } : {} });

describe('the user language', () => {
  it('is unknown until a signed-in request names one, then follows the latest', async () => {
    const token = await ctx.login('agent02', 'Learner2026');
    expect(await stored('agent02')).toBeNull();
    expect((await current(token)).status).toBe(200);
    expect(await stored('agent02'), 'a request without the header changes nothing').toBeNull();
    expect((await current(token, 'zh-HK')).status).toBe(200);
    expect(await stored('agent02')).toBe('zh');
    expect((await current(token, 'zh-CN')).status).toBe(200);
    expect(await stored('agent02')).toBe('cn');
    expect((await current(token)).status).toBe(200);
    expect(await stored('agent02'), 'still the last one named').toBe('cn');
  });

  it('is not written by a request whose token does not stand', async () => {
    expect((await current('not-a-token', 'zh-HK')).status).toBe(401);
    expect(await stored('agent03')).toBeNull();
  });
});
