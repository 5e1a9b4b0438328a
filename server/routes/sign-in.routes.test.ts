import { SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER } from '../../src/config/constants';
import { sessions } from '../db/schema';
import { createTestContext, TEST_CLIENT_ID, type TestContext } from '../test-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
const post = (path: string, json?: unknown, headers: Record<string, string> = {}) =>
  ctx.request(path, { method: 'POST', json, headers });
const currentUser = (token: string) => ctx.request('/api/users/current', { token });
const expectError = async (res: Response, status: number, message: string | RegExp) => {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = await res.json();
  expect(body).toEqual({ status_code: status, message: expect.any(String) });
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
};

describe('POST /api/auth/login', () => {
  it('answers the JWT as text with the claims of SPEC §3', async () => {
    const res = await post('/api/auth/login', { external_id: 'agent01', password: 'Learner2026' }, { [HEADER.clientId]: TEST_CLIENT_ID });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const token = await res.text();
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const claims = claimsOf(token);
    expect(claims).toEqual({ sub: '2', jti: expect.any(String), iat: expect.any(Number), nbf: claims.iat, exp: (claims.iat as number) + 600 });
    expect(claims).not.toHaveProperty('g2fa');
    expect((await currentUser(token)).status).toBe(200);
  });

  it('keeps the X-Client-Id with the session', async () => {
    const token = await ctx.login('agent02', 'Learner2026');
    const rows = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, Number(claimsOf(token).sub)));
    expect(rows.map((r) => r.clientId)).toContain(TEST_CLIENT_ID);
  });

  it('accepts the agent code in any letter case', async () => {
    const res = await post('/api/auth/login', { external_id: ' AGENT01 ', password: 'Learner2026' });
    expect(res.status).toBe(200);
  });

  it('answers 400 (not 401) with a translated message for a wrong password or unknown agent code', async () => {
    await expectError(await post('/api/auth/login', { external_id: 'agent01', password: 'Wrong2026' }), 400, 'The agent code or password is incorrect.');
    await expectError(await post('/api/auth/login', { external_id: 'nobody', password: 'Learner2026' }), 400, 'The agent code or password is incorrect.');
    await expectError(
      await post('/api/auth/login', { external_id: 'agent01', password: 'Wrong2026' }, { [HEADER.language]: 'zh-HK' }),
      400,
      '代理人編號或密碼不正確。',
    );
    await expectError(
      await post('/api/auth/login', { external_id: 'agent01', password: 'Wrong2026' }, { [HEADER.language]: 'zh-CN' }),
      400,
      '代理人编号或密码不正确。',
    );
  });

  it('refuses bad input of each kind with a clear 4xx', async () => {
    await expectError(await post('/api/auth/login'), 400, 'The request body is missing or not valid.');
    await expectError(await post('/api/auth/login', {}), 400, 'Please enter your agent code.');
    await expectError(await post('/api/auth/login', { external_id: 'agent01' }), 400, 'Please enter your password.');
    await expectError(await post('/api/auth/login', { external_id: 42, password: 'x' }), 400, 'Please enter your agent code.');
    await expectError(await post('/api/auth/login', { external_id: 'agent01', password: ['x'] }), 400, 'Please enter your password.');
    await expectError(await post('/api/auth/login', { external_id: 'a'.repeat(65), password: 'x' }), 400, 'The agent code is not valid.');
    await expectError(
      await post('/api/auth/login', { external_id: 'agent01', password: 'x'.repeat(257) }),
      400,
      'The password must be 8 to 12 characters long.',
    );
    await expectError(await post('/api/auth/login', null), 400, 'The request body is missing or not valid.');
    await expectError(
      await ctx.request('/api/auth/login', { method: 'POST', body: '{"external_id":', headers: { 'Content-Type': 'application/json' } }),
      400,
      'The request body is not valid JSON.',
    );
    await expectError(
      await ctx.request('/api/auth/login', { method: 'POST', body: '', headers: { 'Content-Type': 'application/json' } }),
      400,
      'The request body is not valid JSON.',
    );
    await expectError(
      await ctx.request('/api/auth/login', { method: 'POST', body: 'agent01', headers: { 'Content-Type': 'text/plain' } }),
      415,
      'The request body must be sent as JSON.',
    );
    await expectError(
      await post('/api/auth/login', { external_id: 'agent01', password: 'Learner2026' }, { [HEADER.clientId]: 'not-a-uuid' }),
      400,
      'The client id must be a UUID.',
    );
    await expectError(
      await post('/api/auth/login', { external_id: '', password: 'x' }, { [HEADER.language]: 'zh-HK' }),
      400,
      '請輸入代理人編號。',
    );
  });

  it('refuses a NUL in the agent code, password or email with a translated 400, not a 500 (issue 11 §4)', async () => {
    const nul = 'The text contains a character that is not allowed (NUL).';
    await expectError(await post('/api/auth/login', { external_id: 'agent\u000001', password: 'Learner2026' }), 400, nul);
    await expectError(await post('/api/auth/simple_login', { external_id: '\u0000', password: 'Learner2026' }), 400, nul);
    await expectError(await post('/api/auth/login', { external_id: 'agent01', password: 'Learner\u00002026' }), 400, nul);
    await expectError(await post('/api/auth/forget_password', { external_id: 'agent01\u0000', email: 'a@example.com' }), 400, nul);
    await expectError(await post('/api/auth/2fa/verify', { external_id: 'agent2fa\u0000', password: 'Secure2026', one_time_password: '123456' }), 400, nul);
    await expectError(
      await post('/api/auth/login', { external_id: '\u0000', password: 'x' }, { [HEADER.language]: 'zh-CN' }),
      400,
      '文字包含不允许的字符（NUL）。',
    );
  });

  it('refuses a body over 1 MB with 413', async () => {
    const res = await post('/api/auth/login', { external_id: 'agent01', password: 'x'.repeat(1_100_000) });
    await expectError(res, 413, 'The request body is too large.');
  });
});

describe('POST /api/auth/login?dry_run=1', () => {
  it('answers 204 for right credentials and issues nothing', async () => {
    const before = await ctx.database.db.$count(sessions);
    const res = await post('/api/auth/login?dry_run=1', { external_id: 'agent03', password: 'Learner2026' });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(await ctx.database.db.$count(sessions)).toBe(before);
  });

  it('answers 400 with the message for a wrong password', async () => {
    await expectError(await post('/api/auth/login?dry_run=1', { external_id: 'agent03', password: 'Nope2026' }), 400, 'The agent code or password is incorrect.');
  });

  it('refuses an unknown dry_run value', async () => {
    await expectError(await post('/api/auth/login?dry_run=yes', { external_id: 'agent03', password: 'Learner2026' }), 400, 'The value of "dry_run" is not valid.');
  });
});

describe('POST /api/auth/simple_login', () => {
  it('signs in like login', async () => {
    const res = await post('/api/auth/simple_login', { external_id: 'manager01', password: 'Manager2026' });
    expect(res.status).toBe(200);
    const user = await (await currentUser(await res.text())).json();
    expect(user).toMatchObject({ external_id: 'manager01', is_manager: true, manager_id: 'M0001' });
  });

  it('answers 400 for a wrong password', async () => {
    await expectError(await post('/api/auth/simple_login', { external_id: 'manager01', password: 'Learner2026' }), 400, 'The agent code or password is incorrect.');
  });
});

describe('bearer tokens', () => {
  it('answers 401 JSON for a missing, malformed, forged or expired token', async () => {
    await expectError(await ctx.request('/api/users/current'), 401, 'Please sign in to continue.');
    await expectError(await ctx.request('/api/users/current', { token: 'garbage' }), 401, 'Please sign in to continue.');
    await expectError(await ctx.request('/api/users/current', { headers: { Authorization: 'Basic YWdlbnQwMTp4' } }), 401, 'Please sign in to continue.');
    const token = await ctx.login('agent01', 'Learner2026');
    const forged = await new SignJWT(claimsOf(token)).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('another-secret-another-secret-32b'));
    await expectError(await ctx.request('/api/users/current', { token: forged }), 401, 'Please sign in to continue.');
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${token.split('.')[1]}.`;
    await expectError(await ctx.request('/api/users/current', { token: unsigned }), 401, 'Please sign in to continue.');
    expect((await currentUser(token)).status).toBe(200);
  });

  it('refuses a token once it expires (SESSION_TIMEOUT_SECONDS)', async () => {
    const token = await ctx.login('agent01', 'Learner2026');
    ctx.clock.advance(599_000);
    expect((await currentUser(token)).status).toBe(200);
    ctx.clock.advance(2_000);
    await expectError(await currentUser(token), 401, 'Your session has expired. Please sign in again.');
    await expectError(
      await ctx.request('/api/users/current', { token, headers: { [HEADER.language]: 'zh-HK' } }),
      401,
      '您的登入已過期，請重新登入。',
    );
  });
});

describe('POST /api/auth/refresh', () => {
  it('issues a later token for the same session; the old one works for 30 s, then not', async () => {
    const first = await ctx.login('agent02', 'Learner2026');
    ctx.clock.advance(100_000);
    const res = await ctx.request('/api/auth/refresh', { method: 'POST', token: first });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const second = await res.text();
    const [a, b] = [claimsOf(first), claimsOf(second)];
    expect(b.exp).toBe((a.exp as number) + 100);
    expect(b.sub).toBe(a.sub);
    expect(b.jti).not.toBe(a.jti);
    ctx.clock.advance(29_000);
    expect((await currentUser(first)).status).toBe(200);
    ctx.clock.advance(2_000);
    await expectError(await currentUser(first), 401, 'Your session has expired. Please sign in again.');
    expect((await currentUser(second)).status).toBe(200);
  });

  it('refuses a superseded token during the grace (401), so it cannot evict the newest one', async () => {
    const first = await ctx.login('agent02', 'Learner2026');
    const second = await (await ctx.request('/api/auth/refresh', { method: 'POST', token: first })).text();
    ctx.clock.advance(5_000);
    // Still good for requests in flight...
    expect((await currentUser(first)).status).toBe(200);
    // ...but never to mint a token.
    await expectError(await ctx.request('/api/auth/refresh', { method: 'POST', token: first }), 401, 'Your session has expired. Please sign in again.');
    // The newest token was not superseded by that try: it outlives the grace.
    ctx.clock.advance(60_000);
    expect((await currentUser(second)).status).toBe(200);
  });

  it('lets only one of two parallel refreshes with the same token mint a token', async () => {
    const first = await ctx.login('agent02', 'Learner2026');
    const answers = await Promise.all([1, 2].map(() => ctx.request('/api/auth/refresh', { method: 'POST', token: first })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it('needs a valid token', async () => {
    await expectError(await ctx.request('/api/auth/refresh', { method: 'POST' }), 401, 'Please sign in to continue.');
    await expectError(await ctx.request('/api/auth/refresh', { method: 'POST', token: 'x.y.z' }), 401, 'Please sign in to continue.');
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the session: every token of it is refused after', async () => {
    const first = await ctx.login('agent03', 'Learner2026');
    const second = await (await ctx.request('/api/auth/refresh', { method: 'POST', token: first })).text();
    const other = await ctx.login('agent03', 'Learner2026');
    const res = await ctx.request('/api/auth/logout', { method: 'POST', token: second });
    expect(res.status).toBe(204);
    await expectError(await currentUser(first), 401, 'Your session has expired. Please sign in again.');
    await expectError(await currentUser(second), 401, 'Your session has expired. Please sign in again.');
    await expectError(await ctx.request('/api/auth/refresh', { method: 'POST', token: second }), 401, /expired/);
    await expectError(await ctx.request('/api/auth/logout', { method: 'POST', token: second }), 401, /expired/);
    // Another session of the same user is not touched.
    expect((await currentUser(other)).status).toBe(200);
  });

  it('needs a token', async () => {
    await expectError(await ctx.request('/api/auth/logout', { method: 'POST' }), 401, 'Please sign in to continue.');
  });
});
