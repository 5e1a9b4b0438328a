import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER } from '../../src/config/constants';
import { identityChecks, sessions, tokens, users } from '../db/schema';
import { createTestContext, TEST_CLIENT_ID, type TestContext } from '../test-support';
import { codeAtStep } from '../testing/rfc6238';

const DEMO_SECRET = 'JBSWY3DPEHPK3PXP';
const STEP_MS = 30_000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
const post = (path: string, json: unknown, init: { token?: string; headers?: Record<string, string> } = {}) =>
  ctx.request(path, { method: 'POST', json, ...init });
const login = (external_id: string, password: string, headers: Record<string, string> = {}) =>
  post('/api/auth/login', { external_id, password }, { headers });
const verify = (external_id: string, password: string, one_time_password: string, headers: Record<string, string> = {}) =>
  post('/api/auth/2fa/verify', { external_id, password, one_time_password }, { headers: { [HEADER.clientId]: TEST_CLIENT_ID, ...headers } });
const info = async (token: string) => (await ctx.request('/api/auth/2fa/info', { token })).json();

/** Moves the clock 10 s into a step later than every step used so far; answers that step. */
function freshStep(): number {
  const step = Math.floor(ctx.clock.now() / STEP_MS) + 5;
  ctx.clock.set(step * STEP_MS + 10_000);
  return step;
}
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function expectError(res: Response, status: number, message: string, code?: string) {
  expect(res.status).toBe(status);
  expect(await res.json()).toEqual(code ? { status_code: status, message, code } : { status_code: status, message });
}

describe('sign-in of an account with two-factor on', () => {
  it('login with the right password answers 403 MissingCredential and no token; a wrong one 400 without a hint', async () => {
    const before = await ctx.database.db.$count(sessions);
    await expectError(await login('agent2fa', 'Secure2026'), 403, 'Enter the 6-digit code from your authenticator app.', 'MissingCredential');
    await expectError(await post('/api/auth/simple_login', { external_id: 'agent2fa', password: 'Secure2026' }), 403, 'Enter the 6-digit code from your authenticator app.', 'MissingCredential');
    await expectError(await login('agent2fa', 'Secure2026', { [HEADER.language]: 'zh-HK' }), 403, '請輸入驗證器應用程式中的 6 位數字驗證碼。', 'MissingCredential');
    await expectError(await login('agent2fa', 'Wrong2026'), 400, 'The agent code or password is incorrect.');
    expect(await ctx.database.db.$count(sessions)).toBe(before);
    // The dry run checks the password only: it is what the continual-authentication prompt uses.
    expect((await post('/api/auth/login?dry_run=1', { external_id: 'agent2fa', password: 'Secure2026' })).status).toBe(204);
  });

  it('2fa/verify with password and code answers a token with g2fa for a new session', async () => {
    const step = freshStep();
    const res = await verify('agent2fa', 'Secure2026', codeAtStep(DEMO_SECRET, step));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const token = await res.text();
    expect(claimsOf(token)).toMatchObject({ g2fa: true, sub: expect.any(String) });
    const me = await ctx.request('/api/users/current', { token });
    expect((await me.json()).external_id).toBe('agent2fa');
    const [row] = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, Number(claimsOf(token).sub))).orderBy(sessions.createdAt);
    expect(row).toMatchObject({ g2fa: true, clientId: TEST_CLIENT_ID });
    // A refresh keeps the second factor.
    const refreshed = await (await ctx.request('/api/auth/refresh', { method: 'POST', token })).text();
    expect(claimsOf(refreshed).g2fa).toBe(true);
  });

  it('accepts a code once: the same code twice is refused', async () => {
    const code = codeAtStep(DEMO_SECRET, freshStep());
    expect((await verify('agent2fa', 'Secure2026', code)).status).toBe(200);
    await expectError(
      await verify('agent2fa', 'Secure2026', code),
      400,
      'The code is incorrect or has already been used. Please enter the current 6-digit code from your authenticator app.',
    );
  });

  it('refuses an older step after a newer one was accepted', async () => {
    const step = freshStep();
    // The next step's code (a clock a little ahead) is accepted now; the current one then is a step back.
    expect((await verify('agent2fa', 'Secure2026', codeAtStep(DEMO_SECRET, step + 1))).status).toBe(200);
    expect((await verify('agent2fa', 'Secure2026', codeAtStep(DEMO_SECRET, step))).status).toBe(400);
    expect((await verify('agent2fa', 'Secure2026', codeAtStep(DEMO_SECRET, step - 1))).status).toBe(400);
    // Once the clock reaches a later step, its code works.
    ctx.clock.advance(2 * STEP_MS);
    expect((await verify('agent2fa', 'Secure2026', codeAtStep(DEMO_SECRET, step + 2))).status).toBe(200);
  });

  it('accepts one step either way and refuses two', async () => {
    const step = freshStep();
    expect((await verify('agent2fa', 'Secure2026', codeAtStep(DEMO_SECRET, step - 2))).status).toBe(400);
    expect((await verify('agent2fa', 'Secure2026', codeAtStep(DEMO_SECRET, step + 2))).status).toBe(400);
    expect((await verify('agent2fa', 'Secure2026', codeAtStep(DEMO_SECRET, step - 1))).status).toBe(200);
    const next = freshStep();
    expect((await verify('agent2fa', 'Secure2026', codeAtStep(DEMO_SECRET, next + 1))).status).toBe(200);
  });

  it('refuses a wrong code, a wrong password with a right code, and an account without two-factor', async () => {
    const code = codeAtStep(DEMO_SECRET, freshStep());
    await expectError(
      await verify('agent2fa', 'Secure2026', wrongCode(code), { [HEADER.language]: 'zh-CN' }),
      400,
      '验证码不正确或已使用，请输入验证器应用当前显示的 6 位数字验证码。',
    );
    await expectError(await verify('agent2fa', 'Wrong2026', code), 400, 'The agent code or password is incorrect.');
    await expectError(await verify('ghost', 'Secure2026', code), 400, 'The agent code or password is incorrect.');
    await expectError(await verify('agent03', 'Learner2026', code), 400, 'Two-factor authentication is not turned on for this account.');
    // The refused attempts did not use the code up.
    expect((await verify('agent2fa', 'Secure2026', code)).status).toBe(200);
  });

  it('checks the code format with a translated message; spaces inside are fine', async () => {
    await expectError(await verify('agent2fa', 'Secure2026', '12345'), 400, 'The code must be 6 digits.');
    await expectError(await verify('agent2fa', 'Secure2026', 'abcdef', { [HEADER.language]: 'zh-HK' }), 400, '驗證碼須為 6 位數字。');
    await expectError(await verify('agent2fa', 'Secure2026', ''), 400, 'Please enter the 6-digit code.');
    await expectError(await post('/api/auth/2fa/verify', { external_id: 'agent2fa', password: 'Secure2026' }), 400, 'Please enter the 6-digit code.');
    const code = codeAtStep(DEMO_SECRET, freshStep());
    expect((await verify('agent2fa', 'Secure2026', `${code.slice(0, 3)} ${code.slice(3)}`)).status).toBe(200);
  });
});

describe('activation and deactivation', () => {
  it('activate → complete → login asks for the code → verify gives g2fa → deactivate → login needs no code', async () => {
    const token = await ctx.login('agent01', 'Learner2026');
    expect(await info(token)).toEqual({ enabled: false, pending: false, required: false });

    const activated = await post('/api/auth/2fa/activate', { external_id: 'agent01', password: 'Learner2026' }, { token });
    expect(activated.status).toBe(200);
    const { secret, otpauth_url, qr_svg } = (await activated.json()) as { secret: string; otpauth_url: string; qr_svg: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toBe(`otpauth://totp/Agent%20Academy:agent01?secret=${secret}&issuer=Agent%20Academy`);
    expect(qr_svg).toMatch(/^<svg /);
    expect(await info(token)).toEqual({ enabled: false, pending: true, required: false });
    // Pending is not on: sign-in still needs no code.
    expect((await login('agent01', 'Learner2026')).status).toBe(200);

    const step = freshStep();
    await expectError(
      await post('/api/auth/2fa/complete', { one_time_password: wrongCode(codeAtStep(secret, step)) }, { token }),
      400,
      'The code is incorrect or has already been used. Please enter the current 6-digit code from your authenticator app.',
    );
    const completed = await post('/api/auth/2fa/complete', { one_time_password: codeAtStep(secret, step) }, { token });
    expect(completed.status).toBe(200);
    const elevated = await completed.text();
    expect(claimsOf(elevated)).toMatchObject({ g2fa: true, sub: claimsOf(token).sub });
    expect(claimsOf(elevated).jti).not.toBe(claimsOf(token).jti);
    // The same session, which now records that the second factor was passed.
    const sessionOf = async (t: string) => {
      const [row] = await ctx.database.db
        .select({ id: sessions.id, g2fa: sessions.g2fa })
        .from(tokens)
        .innerJoin(sessions, eq(tokens.sessionId, sessions.id))
        .where(eq(tokens.jti, String(claimsOf(t).jti)));
      return row;
    };
    expect(await sessionOf(elevated)).toEqual({ id: (await sessionOf(token)).id, g2fa: true });
    expect(await info(elevated)).toEqual({ enabled: true, pending: false, required: false });

    await expectError(await login('agent01', 'Learner2026'), 403, 'Enter the 6-digit code from your authenticator app.', 'MissingCredential');
    // The code that completed the activation is used up.
    await expectError(
      await verify('agent01', 'Learner2026', codeAtStep(secret, step)),
      400,
      'The code is incorrect or has already been used. Please enter the current 6-digit code from your authenticator app.',
    );
    const next = freshStep();
    const signedIn = await verify('agent01', 'Learner2026', codeAtStep(secret, next));
    expect(signedIn.status).toBe(200);
    const withCode = await signedIn.text();
    expect(claimsOf(withCode).g2fa).toBe(true);

    const deactivated = await ctx.request('/api/auth/2fa/deactivate', { method: 'DELETE', token: withCode, json: { password: 'Learner2026' } });
    expect(deactivated.status).toBe(200);
    const plain = await deactivated.text();
    expect(claimsOf(plain)).not.toHaveProperty('g2fa');
    expect(claimsOf(plain).sub).toBe(claimsOf(withCode).sub);
    expect(await info(plain)).toEqual({ enabled: false, pending: false, required: false });
    const [user] = await ctx.database.db.select().from(users).where(eq(users.externalId, 'agent01'));
    expect(user).toMatchObject({ twoFactorEnabled: false, totpSecret: null, totpPendingSecret: null, totpLastStep: null });
    expect((await login('agent01', 'Learner2026')).status).toBe(200);
  });

  it('activate needs the signed-in user’s own agent code and right password', async () => {
    const token = await ctx.login('agent02', 'Learner2026');
    await expectError(await post('/api/auth/2fa/activate', { external_id: 'agent02', password: 'Wrong2026' }, { token }), 400, 'The agent code or password is incorrect.');
    // agent03's right password does not activate anything for agent02.
    await expectError(await post('/api/auth/2fa/activate', { external_id: 'agent03', password: 'Learner2026' }, { token }), 400, 'The agent code or password is incorrect.');
    await expectError(await post('/api/auth/2fa/activate', { external_id: 'agent02' }, { token }), 400, 'Please enter your password.');
    expect(await info(token)).toEqual({ enabled: false, pending: false, required: false });
    expect((await post('/api/auth/2fa/activate', { external_id: 'AGENT02', password: 'Learner2026' }, { token })).status).toBe(200);
  });

  it('a second activation replaces the pending secret: only the newest one completes', async () => {
    const token = await ctx.login('recruit01', 'Recruit2026');
    const activate = async () =>
      ((await (await post('/api/auth/2fa/activate', { external_id: 'recruit01', password: 'Recruit2026' }, { token })).json()) as { secret: string }).secret;
    const first = await activate();
    const second = await activate();
    expect(second).not.toBe(first);
    const step = freshStep();
    expect((await post('/api/auth/2fa/complete', { one_time_password: codeAtStep(first, step) }, { token })).status).toBe(400);
    expect((await post('/api/auth/2fa/complete', { one_time_password: codeAtStep(second, step) }, { token })).status).toBe(200);
    // Clean up for other tests: recruit01 signs in without a code again.
    const verified = await (await verify('recruit01', 'Recruit2026', codeAtStep(second, step + 1))).text();
    expect((await ctx.request('/api/auth/2fa/deactivate', { method: 'DELETE', token: verified, json: { password: 'Recruit2026' } })).status).toBe(200);
  });

  it('complete without a pending activation answers 400', async () => {
    const token = await ctx.login('agent03', 'Learner2026');
    await expectError(
      await post('/api/auth/2fa/complete', { one_time_password: '123456' }, { token }),
      400,
      'There is no two-factor activation to complete. Please start the activation again.',
    );
  });

  it('deactivation and re-keying need a session that passed two-factor (403 NotAuthenticated)', async () => {
    const before = await ctx.login('manager01', 'Manager2026');
    const other = await ctx.login('manager01', 'Manager2026');
    const { secret } = (await (await post('/api/auth/2fa/activate', { external_id: 'manager01', password: 'Manager2026' }, { token: other })).json()) as { secret: string };
    const step = freshStep();
    expect((await post('/api/auth/2fa/complete', { one_time_password: codeAtStep(secret, step) }, { token: other })).status).toBe(200);

    // `before` was signed in with the password only.
    const notPassed = 'Please complete two-factor authentication first.';
    await expectError(await ctx.request('/api/auth/2fa/deactivate', { method: 'DELETE', token: before, json: { password: 'Manager2026' } }), 403, notPassed, 'NotAuthenticated');
    await expectError(await post('/api/auth/2fa/activate', { external_id: 'manager01', password: 'Manager2026' }, { token: before }), 403, notPassed, 'NotAuthenticated');
    expect((await info(before)).enabled).toBe(true);

    const passed = await (await verify('manager01', 'Manager2026', codeAtStep(secret, step + 1))).text();
    expect((await ctx.request('/api/auth/2fa/deactivate', { method: 'DELETE', token: passed, json: { password: 'Manager2026' } })).status).toBe(200);
  });

  // Issue 11 §3, OWASP ASVS 7.5.1: a confirm click at a signed-in browser is not the owner.
  it('deactivation needs the password or a current code; wrong or missing → 400 and two-factor stays on', async () => {
    const token = await ctx.login('agent03', 'Learner2026');
    const { secret } = (await (await post('/api/auth/2fa/activate', { external_id: 'agent03', password: 'Learner2026' }, { token })).json()) as { secret: string };
    const step = freshStep();
    const elevated = await (await post('/api/auth/2fa/complete', { one_time_password: codeAtStep(secret, step) }, { token })).text();
    const deactivate = (json?: unknown, headers: Record<string, string> = {}) =>
      ctx.request('/api/auth/2fa/deactivate', { method: 'DELETE', token: elevated, json, headers });

    await expectError(await deactivate(), 400, 'The request body is missing or not valid.');
    await expectError(await deactivate({}), 400, 'Please enter your password or the 6-digit code from your authenticator app.');
    const wrong = 'The password or code is incorrect. Two-factor authentication stays on.';
    await expectError(await deactivate({ password: 'Wrong2026' }), 400, wrong);
    await expectError(await deactivate({ password: 'Wrong2026' }, { [HEADER.language]: 'zh-HK' }), 400, '密碼或驗證碼不正確，雙重認證仍然開啟。');
    // The code that completed the activation is used up; a wrong one is wrong.
    await expectError(await deactivate({ one_time_password: codeAtStep(secret, step) }), 400, wrong);
    await expectError(await deactivate({ one_time_password: wrongCode(codeAtStep(secret, step + 1)) }), 400, wrong);
    expect((await info(elevated)).enabled).toBe(true);

    const byCode = await deactivate({ one_time_password: codeAtStep(secret, step + 1) });
    expect(byCode.status).toBe(200);
    expect((await info(await byCode.text())).enabled).toBe(false);
  });

  it('needs a bearer token', async () => {
    expect((await ctx.request('/api/auth/2fa/info')).status).toBe(401);
    expect((await post('/api/auth/2fa/activate', { external_id: 'agent01', password: 'Learner2026' })).status).toBe(401);
    expect((await post('/api/auth/2fa/complete', { one_time_password: '123456' })).status).toBe(401);
    expect((await post('/api/auth/2fa/check', { one_time_password: '123456' })).status).toBe(401);
    expect((await ctx.request('/api/auth/2fa/deactivate', { method: 'DELETE' })).status).toBe(401);
  });
});

describe('POST /api/auth/2fa/check (continual authentication, authenticator)', () => {
  it('answers 204 for a right code and 400 for a wrong or replayed one, recording each with course and item', async () => {
    const step = freshStep();
    const token = await (await verify('agent2fa', 'Secure2026', codeAtStep(DEMO_SECRET, step))).text();
    const check = (one_time_password: string, extra: Record<string, string> = {}) =>
      post('/api/auth/2fa/check', { one_time_password, ...extra }, { token });

    ctx.clock.advance(STEP_MS);
    const code = codeAtStep(DEMO_SECRET, step + 1);
    expect((await check(code, { course_id: '42', item_id: '7' })).status).toBe(204);
    await expectError(await check(code, { course_id: '42', item_id: '8' }), 400, 'The code is incorrect or has already been used. Please enter the current 6-digit code from your authenticator app.');
    ctx.clock.advance(STEP_MS);
    expect((await check(wrongCode(codeAtStep(DEMO_SECRET, step + 2)))).status).toBe(400);
    await expectError(await check('12'), 400, 'The code must be 6 digits.');
    await expectError(await check('123456', { course_id: 'no spaces allowed' }), 400, 'The id is not valid.');

    const userId = Number(claimsOf(token).sub);
    const rows = await ctx.database.db.select().from(identityChecks).where(eq(identityChecks.userId, userId)).orderBy(identityChecks.id);
    expect(rows.map((r) => [r.type, r.outcome, r.courseId, r.itemId])).toEqual([
      ['authenticator', 'success', '42', '7'],
      ['authenticator', 'failure', '42', '8'],
      ['authenticator', 'failure', null, null],
    ]);
    expect(rows[0].sessionId).not.toBeNull();
    expect(rows[0].createdAt.getTime()).toBe((step + 1) * STEP_MS + 10_000);
  });

  it('answers 400 for an account without two-factor', async () => {
    const token = await ctx.login('agent03', 'Learner2026');
    await expectError(await post('/api/auth/2fa/check', { one_time_password: '123456' }, { token }), 400, 'Two-factor authentication is not turned on for this account.');
  });
});

describe('TWO_FACTOR_REQUIRED=1', () => {
  let required: TestContext;
  beforeAll(async () => {
    required = await createTestContext({ config: { twoFactorRequired: true } });
  });
  afterAll(() => required?.close());

  it('signs in without g2fa; only the way to two-factor is open until it is passed', async () => {
    const token = await required.login('agent01', 'Learner2026');
    expect(claimsOf(token)).not.toHaveProperty('g2fa');
    const get = (path: string, t = token) => required.request(path, { token: t });
    expect((await get('/api/users/current')).status).toBe(200);
    expect(await (await get('/api/auth/2fa/info')).json()).toEqual({ enabled: false, pending: false, required: true });
    for (const path of ['/api/users/find?name=chan', '/api/users/1', '/api/identity-checks']) {
      await expectError(await get(path), 403, 'Please complete two-factor authentication first.', 'NotAuthenticated');
    }

    const activated = await required.request('/api/auth/2fa/activate', { method: 'POST', token, json: { external_id: 'agent01', password: 'Learner2026' } });
    const { secret } = (await activated.json()) as { secret: string };
    const step = Math.floor(required.clock.now() / STEP_MS);
    const completed = await required.request('/api/auth/2fa/complete', { method: 'POST', token, json: { one_time_password: codeAtStep(secret, step) } });
    const elevated = await completed.text();
    expect(claimsOf(elevated).g2fa).toBe(true);
    expect((await get('/api/users/find?name=chan', elevated)).status).toBe(200);
    expect((await get('/api/identity-checks', elevated)).status).toBe(200);
  });
});
