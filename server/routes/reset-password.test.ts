import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER } from '../../src/config/constants';
import { mailOutbox, sessions, users } from '../db/schema';
import { createTestContext, type TestContext } from '../test-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const INVALID = 'This password reset link is invalid, has expired or has already been used. Please request a new one.';

/** The forgot-password flow as a user follows it: the request, then the link in the mail. */
async function resetTokenFor(externalId: string): Promise<string> {
  const res = await ctx.request('/api/auth/forget_password', { method: 'POST', json: { external_id: externalId, email: `${externalId}@agent-academy.test` } });
  expect(res.status).toBe(200);
  await ctx.settle();
  const [mail] = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, `${externalId}@agent-academy.test`)).orderBy(desc(mailOutbox.id)).limit(1);
  return /reset-password\?token=([\w-]+)/.exec(mail.text)![1];
}

const reset = (token: string, new_password: string, confirm_password = new_password, headers: Record<string, string> = {}) =>
  ctx.request('/api/auth/reset_password', { method: 'POST', json: { token, new_password, confirm_password }, headers });
const loginStatus = async (external_id: string, password: string) =>
  (await ctx.request('/api/auth/login', { method: 'POST', json: { external_id, password } })).status;

async function expectError(res: Response, status: number, message: string) {
  expect(res.status).toBe(status);
  expect(await res.json()).toEqual({ status_code: status, message });
}

describe('POST /api/auth/reset_password', () => {
  it('sets the password, flags password_reset and ends every session of the user', async () => {
    // newjoiner01 has password_reset false: a reset by email counts as the change it is asked for.
    const sessionA = await ctx.login('newjoiner01', 'Joiner2026');
    const sessionB = await ctx.login('newjoiner01', 'Joiner2026');
    const other = await ctx.login('agent02', 'Learner2026');
    const token = await resetTokenFor('newjoiner01');

    const res = await reset(token, 'Harbour88Vw');
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');

    for (const t of [sessionA, sessionB]) expect((await ctx.request('/api/users/current', { token: t })).status).toBe(401);
    expect((await ctx.request('/api/users/current', { token: other })).status).toBe(200);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.externalId, 'newjoiner01'));
    expect(user.passwordReset).toBe(true);
    const open = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(open.every((s) => s.revokedAt !== null)).toBe(true);
    expect(await loginStatus('newjoiner01', 'Joiner2026')).toBe(400);
    expect(await loginStatus('newjoiner01', 'Harbour88Vw')).toBe(200);
  });

  it('works once: the same token again is refused', async () => {
    const token = await resetTokenFor('agent03');
    expect((await reset(token, 'Kowloon77Tx')).status).toBe(204);
    await expectError(await reset(token, 'Kowloon78Tx'), 400, INVALID);
    expect(await loginStatus('agent03', 'Kowloon77Tx')).toBe(200);
    expect(await loginStatus('agent03', 'Kowloon78Tx')).toBe(400);
  });

  it('a used link retires the other links sent before it', async () => {
    const older = await resetTokenFor('recruit01');
    const newer = await resetTokenFor('recruit01');
    expect(older).not.toBe(newer);
    expect((await reset(newer, 'Stanley55Qp')).status).toBe(204);
    await expectError(await reset(older, 'Stanley56Qp'), 400, INVALID);
  });

  it('refuses an expired token (after one hour) and an unknown one, translated', async () => {
    const token = await resetTokenFor('agent02');
    ctx.clock.advance(60 * 60_000 + 1000);
    await expectError(await reset(token, 'Tsuen11Wan'), 400, INVALID);
    await expectError(await reset('not-a-token-we-sent', 'Tsuen11Wan'), 400, INVALID);
    await expectError(await reset('not-a-token-we-sent', 'Tsuen11Wan', 'Tsuen11Wan', { [HEADER.language]: 'zh-HK' }), 400, '此重設密碼連結無效、已過期或已使用，請重新申請。');
    expect(await loginStatus('agent02', 'Learner2026')).toBe(200);
  });

  it('holds the new password to the rules of SPEC §5 and the common-password list, keeping the token', async () => {
    const token = await resetTokenFor('manager01');
    await expectError(await reset(token, 'Short1A'), 400, 'The password must be 8 to 12 characters long.');
    await expectError(await reset(token, 'Waytoolong123A'), 400, 'The password must be 8 to 12 characters long.');
    await expectError(await reset(token, 'lowercase11'), 400, 'The password must contain at least one uppercase letter.');
    await expectError(await reset(token, 'UPPERCASE11'), 400, 'The password must contain at least one lowercase letter.');
    await expectError(await reset(token, 'Harbour88Vw', 'Harbour88Vx'), 400, "New passwords don't match");
    await expectError(await reset(token, 'Password1'), 400, 'This password is too common. Please choose another.');
    await expectError(await reset(token, 'Password1', 'Password1', { [HEADER.language]: 'zh-CN' }), 400, '此密码过于常见，请另选一个。');
    await expectError(await reset(token, ''), 400, 'Please enter your password.');
    await expectError(
      await ctx.request('/api/auth/reset_password', { method: 'POST', json: { new_password: 'Harbour88Vw', confirm_password: 'Harbour88Vw' } }),
      400,
      'The reset link is incomplete. Please open the link from the email again.',
    );
    // None of the refusals used the link up.
    expect((await reset(token, 'Causeway9Bay')).status).toBe(204);
    expect(await loginStatus('manager01', 'Causeway9Bay')).toBe(200);
  });

  it('needs the XSRF header', async () => {
    const res = await ctx.request('/api/auth/reset_password', { method: 'POST', xsrf: false, json: { token: 'x', new_password: 'Harbour88Vw', confirm_password: 'Harbour88Vw' } });
    expect(res.status).toBe(403);
  });
});
