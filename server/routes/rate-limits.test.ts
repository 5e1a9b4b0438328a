import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER, XSRF_COOKIE } from '../../src/config/constants';
import { createApp, type App } from '../app';
import { testConfig, type ServerConfig } from '../config';
import { createTestContext, TEST_SECRET, type TestContext } from '../test-support';
import { codeAtStep, stepOf } from '../testing/rfc6238';

const WINDOW_S = 900;
const LIMITS: Pick<ServerConfig, 'rateLimit' | 'trustProxy'> = {
  rateLimit: { windowSeconds: WINDOW_S, maxPerAccount: 3, maxPerAddress: 10 },
  trustProxy: true,
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ config: LIMITS });
});
afterAll(() => ctx?.close());

/** Moves the clock 100 s into a window no earlier test touched: 800 s are left in it. */
function freshWindow(): void {
  const windowMs = WINDOW_S * 1000;
  ctx.clock.set((Math.floor(ctx.clock.now() / windowMs) + 2) * windowMs + 100_000);
}

// TRUST_PROXY=1: the last X-Forwarded-For entry is the address; earlier ones are the client's word.
const from = (address: string, headers: Record<string, string> = {}) => ({ 'X-Forwarded-For': `198.51.100.250, ${address}`, ...headers });
const post = (path: string, json: unknown, address = '203.0.113.1', headers: Record<string, string> = {}) =>
  ctx.request(path, { method: 'POST', json, headers: from(address, headers) });
const login = (external_id: string, password: string, address?: string, headers?: Record<string, string>) =>
  post('/api/auth/login', { external_id, password }, address, headers);

async function expectLimited(res: Response, retryAfter: number, message = `Too many failed attempts. Please try again in ${Math.ceil(retryAfter / 60)} min.`) {
  expect(res.status).toBe(429);
  expect(res.headers.get('Retry-After')).toBe(String(retryAfter));
  expect(await res.json()).toEqual({ status_code: 429, message, code: 'RateLimited' });
}

describe('rate limits per account', () => {
  it('after 3 failures the account is refused (429) before the password is checked, from any address', async () => {
    freshWindow();
    for (let i = 0; i < 3; i++) expect((await login('agent01', 'Wrong2026', '203.0.113.1')).status).toBe(400);
    // The right password is refused like a wrong one: the answer says nothing about it.
    await expectLimited(await login('agent01', 'Learner2026', '203.0.113.2'), 800);
    await expectLimited(await login('agent01', 'Wrong2026', '203.0.113.3'), 800);
    await expectLimited(await login('AGENT01', 'Learner2026', '203.0.113.2', { [HEADER.language]: 'zh-HK' }), 800, '嘗試失敗次數過多，請於 14 分鐘後再試。');
    await expectLimited(await post('/api/auth/login?dry_run=1', { external_id: 'agent01', password: 'Learner2026' }), 800);
    // Other accounts are not affected.
    expect((await login('agent02', 'Learner2026', '203.0.113.1')).status).toBe(200);
  });

  it('recovers when the window ends; near its end the wait is told in seconds', async () => {
    freshWindow();
    for (let i = 0; i < 3; i++) await login('agent03', 'Wrong2026');
    ctx.clock.advance(770_000);
    await expectLimited(await login('agent03', 'Learner2026'), 30, 'Too many failed attempts. Please try again in 30 s.');
    ctx.clock.advance(30_000);
    expect((await login('agent03', 'Learner2026')).status).toBe(200);
  });

  it('a successful sign-in clears the account’s failures', async () => {
    freshWindow();
    for (let i = 0; i < 2; i++) expect((await login('recruit01', 'Wrong2026')).status).toBe(400);
    expect((await login('recruit01', 'Recruit2026')).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await login('recruit01', 'Wrong2026')).status).toBe(400);
    expect((await login('recruit01', 'Recruit2026')).status).toBe(429);
  });

  it('counts parallel guesses one by one: exactly the limit gets through', async () => {
    freshWindow();
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => login('manager01', 'Wrong2026', `203.0.113.${10 + i}`)));
    expect(results.map((r) => r.status).sort()).toEqual([400, 400, 400, 429, 429, 429, 429, 429]);
  });

  it('counts wrong two-factor codes (verify and check) against the account', async () => {
    freshWindow();
    const code = () => codeAtStep('JBSWY3DPEHPK3PXP', stepOf(ctx.clock.now()));
    const verify = (one_time_password: string) => post('/api/auth/2fa/verify', { external_id: 'agent2fa', password: 'Secure2026', one_time_password });
    const signedIn = await (await verify(code())).text();
    ctx.clock.advance(30_000);
    const wrong = String((Number(code()) + 1) % 1_000_000).padStart(6, '0');
    expect((await verify(wrong)).status).toBe(400);
    expect((await verify(wrong)).status).toBe(400);
    const check = (one_time_password: string) => ctx.request('/api/auth/2fa/check', { method: 'POST', token: signedIn, json: { one_time_password }, headers: from('203.0.113.1') });
    expect((await check(wrong)).status).toBe(400);
    // The right code is refused now, on both routes.
    expect((await check(code())).status).toBe(429);
    expect((await verify(code())).status).toBe(429);
  });

  it('counts wrong passwords given by a signed-in session (activate, change password)', async () => {
    freshWindow();
    const token = await ctx.login('agent03', 'Learner2026');
    const activate = (password: string) =>
      ctx.request('/api/auth/2fa/activate', { method: 'POST', token, json: { external_id: 'agent03', password }, headers: from('203.0.113.1') });
    const change = (old_password: string) =>
      ctx.request('/api/users/current/password', { method: 'PUT', token, json: { old_password, new_password: 'Harbour88Vw', confirm_password: 'Harbour88Vw' }, headers: from('203.0.113.1') });
    expect((await activate('Wrong2026')).status).toBe(400);
    expect((await change('Wrong2026')).status).toBe(400);
    expect((await activate('Wrong2026')).status).toBe(400);
    expect((await change('Learner2026')).status).toBe(429);
    expect((await activate('Learner2026')).status).toBe(429);
  });
});

describe('rate limits per client address', () => {
  it('after 10 failures from one address every account is refused from it; other addresses are not', async () => {
    freshWindow();
    for (let i = 0; i < 10; i++) expect((await login(`ghost${i}`, 'Wrong2026', '192.0.2.7')).status).toBe(400);
    await expectLimited(await login('agent02', 'Learner2026', '192.0.2.7'), 800);
    expect((await login('agent02', 'Learner2026', '192.0.2.8')).status).toBe(200);
  });

  it('counts an IPv6 /64 as one address, and an IPv4-mapped address as the IPv4 one', async () => {
    freshWindow();
    for (let i = 0; i < 10; i++) await login(`ghost${i}`, 'Wrong2026', `2001:db8:1:2::${i + 1}`);
    expect((await login('agent02', 'Learner2026', '2001:db8:1:2:ffff::9')).status).toBe(429);
    expect((await login('agent02', 'Learner2026', '2001:db8:1:3::1')).status).toBe(200);
    for (let i = 0; i < 10; i++) await login(`ghost${i}`, 'Wrong2026', '192.0.2.44');
    expect((await login('agent02', 'Learner2026', '::ffff:192.0.2.44')).status).toBe(429);
  });

  it('counts forgot-password requests and bad reset tokens, apart from sign-in', async () => {
    freshWindow();
    const forget = (address = '203.0.113.1') => post('/api/auth/forget_password', { external_id: 'agent02', email: 'agent02@agent-academy.test' }, address);
    for (let i = 0; i < 3; i++) expect((await forget()).status).toBe(200);
    await expectLimited(await forget('203.0.113.99'), 800);
    // Asking for reset emails does not lock the sign-in.
    expect((await login('agent02', 'Learner2026')).status).toBe(200);

    const reset = (token: string) => post('/api/auth/reset_password', { token, new_password: 'Harbour88Vw', confirm_password: 'Harbour88Vw' }, '192.0.2.99');
    for (let i = 0; i < 10; i++) expect((await reset(`guess-${i}`)).status).toBe(400);
    await expectLimited(await reset('guess-10'), 800);
  });
});

/** A browser of its own against `app`: its XSRF cookie, its socket address. */
function browserOf(app: App, remoteAddress?: string) {
  let cookie: string | undefined;
  const env = remoteAddress ? { incoming: { socket: { remoteAddress } } } : undefined;
  return async (path: string, json: unknown, headers: Record<string, string> = {}) => {
    if (!cookie) {
      const res = await app.request('/api/app-config', {}, env);
      cookie = new RegExp(`${XSRF_COOKIE}=([^;]*)`).exec(res.headers.get('set-cookie') ?? '')![1];
    }
    return app.request(
      path,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: `${XSRF_COOKIE}=${cookie}`, [HEADER.xsrf]: cookie, ...headers },
        body: JSON.stringify(json),
      },
      env,
    );
  };
}

describe('rate limits across server processes', () => {
  const appOn = (config: Partial<ServerConfig>) =>
    createApp({ config: testConfig({ ...LIMITS, ...config }), db: ctx.database.db, secret: TEST_SECRET, mailer: ctx.services.mailer, clock: ctx.clock, log: () => {} }).app;

  it('holds across two apps on one database', async () => {
    freshWindow();
    const a = browserOf(appOn({}));
    const b = browserOf(appOn({}));
    const wrong = { external_id: 'agent03', password: 'Wrong2026' };
    expect((await a('/api/auth/login', wrong)).status).toBe(400);
    expect((await b('/api/auth/login', wrong)).status).toBe(400);
    expect((await a('/api/auth/login', wrong)).status).toBe(400);
    expect((await b('/api/auth/login', { external_id: 'agent03', password: 'Learner2026' })).status).toBe(429);
    expect((await a('/api/auth/login', { external_id: 'agent03', password: 'Learner2026' })).status).toBe(429);
  });

  it('ignores X-Forwarded-For without TRUST_PROXY: the socket address counts', async () => {
    freshWindow();
    const app = appOn({ trustProxy: false });
    const socketA = browserOf(app, '198.51.100.5');
    for (let i = 0; i < 10; i++) {
      const res = await socketA('/api/auth/login', { external_id: `ghost${i}`, password: 'Wrong2026' }, { 'X-Forwarded-For': `10.0.0.${i}` });
      expect(res.status).toBe(400);
    }
    const right = { external_id: 'agent01', password: 'Learner2026' };
    expect((await socketA('/api/auth/login', right, { 'X-Forwarded-For': '10.9.9.9' })).status).toBe(429);
    expect((await browserOf(app, '198.51.100.6')('/api/auth/login', right)).status).toBe(200);
  });
});
