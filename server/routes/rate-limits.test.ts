import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER, XSRF_COOKIE } from '../../src/config/constants';
import { createApp, type App } from '../app';
import { testConfig, type ServerConfig } from '../config';
import { createTestContext, TEST_CLIENT_ID, TEST_SECRET, type TestContext } from '../test-support';
import { codeAtStep, stepOf } from '../testing/rfc6238';
import { rateLimits, tokens, users } from '../db/schema';

const WINDOW_S = 900;
const MAX_DELAY_S = 60;
const LIMITS: Pick<ServerConfig, 'rateLimit' | 'trustProxy'> = {
  rateLimit: { windowSeconds: WINDOW_S, maxPerAccount: 3, maxPerAddress: 10, maxDelaySeconds: MAX_DELAY_S },
  trustProxy: true,
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ config: LIMITS });
  // Clients from other addresses behind a load balancer: the accounts stand for a deployment's
  // own, not the demo's, which sign in only from the machine itself (issue 43 §12).
  await ctx.database.db.update(users).set({ demo: false });
});
afterAll(() => ctx?.close());

/** Moves the clock past the sliding window: no earlier test's tries count any more. */
function forgetEarlierTries(): void {
  ctx.clock.advance((WINDOW_S + 1) * 1000);
}

// TRUST_PROXY=1: the last X-Forwarded-For entry is the address; earlier ones are the client's word.
const from = (address: string, headers: Record<string, string> = {}) => ({ 'X-Forwarded-For': `198.51.100.250, ${address}`, ...headers });
const post = (path: string, json: unknown, address = '203.0.113.1', headers: Record<string, string> = {}) =>
  ctx.request(path, { method: 'POST', json, headers: from(address, headers) });
const login = (external_id: string, password: string, address?: string, headers?: Record<string, string>) =>
  post('/api/auth/login', { external_id, password }, address, headers);

const waitText = (seconds: number) => (seconds < 60 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`);
async function expectLimited(res: Response, retryAfter: number, message = `Too many failed attempts. Please try again in ${waitText(retryAfter)}.`) {
  expect(res.status).toBe(429);
  expect(res.headers.get('Retry-After')).toBe(String(retryAfter));
  expect(await res.json()).toEqual({ status_code: 429, message, code: 'RateLimited' });
}

describe('slow-down per account (a slow-down, never a lock-out)', () => {
  // Was "after 3 failures the account is refused (429) … from any address" with Retry-After up to the
  // window's end: that locked the owner out. Kept: the refusal comes before the password is checked,
  // from any address, translated, dry_run too, other accounts untouched.
  it('after 3 failures each further try waits 1 s, 2 s, 4 s … (Retry-After), refused before the password is checked', async () => {
    forgetEarlierTries();
    for (let i = 0; i < 3; i++) expect((await login('agent01', 'Wrong2026', '203.0.113.1')).status).toBe(400);
    // The right password is refused like a wrong one: the answer says nothing about it.
    await expectLimited(await login('agent01', 'Learner2026', '203.0.113.2'), 1);
    await expectLimited(await login('AGENT01', 'Learner2026', '203.0.113.2', { [HEADER.language]: 'zh-HK' }), 1, '嘗試失敗次數過多，請於 1 秒後再試。');
    await expectLimited(await post('/api/auth/login?dry_run=1', { external_id: 'agent01', password: 'Learner2026' }), 1);
    // Once the wait is over a try is allowed again, and the next wait doubles.
    ctx.clock.advance(1_000);
    expect((await login('agent01', 'Wrong2026', '203.0.113.3')).status).toBe(400);
    await expectLimited(await login('agent01', 'Learner2026', '203.0.113.4'), 2);
    ctx.clock.advance(2_000);
    expect((await login('agent01', 'Wrong2026', '203.0.113.3')).status).toBe(400);
    await expectLimited(await login('agent01', 'Learner2026', '203.0.113.4'), 4);
    // Other accounts are not affected.
    expect((await login('agent02', 'Learner2026', '203.0.113.1')).status).toBe(200);
  });

  it('caps the wait at RATE_LIMIT_MAX_DELAY_SECONDS: however many guesses, the owner gets in after it', async () => {
    forgetEarlierTries();
    // Many addresses (a botnet): only the account's count slows them.
    for (let i = 0; i < 3; i++) expect((await login('agent03', 'Wrong2026', `198.18.0.${i}`)).status).toBe(400);
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      const refused = await login('agent03', 'Wrong2026', `198.18.1.${i}`);
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers.get('Retry-After'));
      waits.push(wait);
      ctx.clock.advance(wait * 1000);
      expect((await login('agent03', 'Wrong2026', `198.18.2.${i}`)).status).toBe(400);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, MAX_DELAY_S, MAX_DELAY_S]);
    await expectLimited(await login('agent03', 'Learner2026', '203.0.113.50'), MAX_DELAY_S, 'Too many failed attempts. Please try again in 1 min.');
    ctx.clock.advance(MAX_DELAY_S * 1000);
    expect((await login('agent03', 'Learner2026', '203.0.113.50')).status).toBe(200);
  });

  it('lets a browser that signed in to the account before in while others are slowed down; it has a count of its own', async () => {
    forgetEarlierTries();
    const owner = { [HEADER.clientId]: '6f1d7e0a-3c55-4d8e-9b21-0a4c6e8f2b17' };
    const stranger = { [HEADER.clientId]: '0b9a8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d' };
    expect((await login('manager01', 'Manager2026', '203.0.113.60', owner)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await login('manager01', 'Wrong2026', `198.18.3.${i}`)).status).toBe(400);
    await expectLimited(await login('manager01', 'Manager2026', '198.18.3.9'), 1);
    await expectLimited(await login('manager01', 'Manager2026', '198.18.3.9', stranger), 1);
    // The owner's browser, from any address (a train's Wi-Fi), is not slowed by the guessing.
    expect((await login('manager01', 'Manager2026', '192.0.2.200', owner)).status).toBe(200);
    // Its sign-in does not hand the guessers a fresh allowance.
    await expectLimited(await login('manager01', 'Manager2026', '198.18.3.9'), 1);
    // Its id is no master key: wrong passwords with it are slowed down like any others.
    for (let i = 0; i < 3; i++) expect((await login('manager01', 'Wrong2026', '192.0.2.200', owner)).status).toBe(400);
    await expectLimited(await login('manager01', 'Manager2026', '192.0.2.200', owner), 1);
    // A client id that signed in to another account is not known to this one.
    await expectLimited(await login('manager01', 'Manager2026', '192.0.2.201', { [HEADER.clientId]: TEST_CLIENT_ID }), 1);
  });

  // Was "recovers when the window ends": fixed windows let a guesser spend the limit twice around
  // an edge, and made the owner wait for the edge. Now each failure leaves the window on its own.
  it('counts failures in a sliding window: each leaves it on its own, there is no edge', async () => {
    forgetEarlierTries();
    expect((await login('auditor01', 'Wrong2026')).status).toBe(400);
    ctx.clock.advance(300_000);
    expect((await login('auditor01', 'Wrong2026')).status).toBe(400);
    ctx.clock.advance(300_000);
    expect((await login('auditor01', 'Wrong2026')).status).toBe(400);
    await expectLimited(await login('auditor01', 'Auditor2026'), 1);
    // 900 s after the first failure it has left; the two later ones still count.
    ctx.clock.advance(300_001);
    expect((await login('auditor01', 'Wrong2026')).status).toBe(400);
    await expectLimited(await login('auditor01', 'Auditor2026'), 1);
    ctx.clock.advance(WINDOW_S * 1000);
    expect((await login('auditor01', 'Auditor2026')).status).toBe(200);
  });

  it('a successful sign-in clears the account’s failures', async () => {
    forgetEarlierTries();
    for (let i = 0; i < 2; i++) expect((await login('recruit01', 'Wrong2026')).status).toBe(400);
    expect((await login('recruit01', 'Recruit2026')).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await login('recruit01', 'Wrong2026')).status).toBe(400);
    expect((await login('recruit01', 'Recruit2026')).status).toBe(429);
  });

  it('counts parallel guesses one by one: exactly the limit gets through', async () => {
    forgetEarlierTries();
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => login('manager01', 'Wrong2026', `203.0.113.${10 + i}`)));
    expect(results.map((r) => r.status).sort()).toEqual([400, 400, 400, 429, 429, 429, 429, 429]);
  });

  it('counts wrong two-factor codes (verify and check) against the account', async () => {
    forgetEarlierTries();
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
    forgetEarlierTries();
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
  it('after 10 failures from one address every account is slowed down from it; other addresses are not', async () => {
    forgetEarlierTries();
    for (let i = 0; i < 10; i++) expect((await login(`ghost${i}`, 'Wrong2026', '192.0.2.7')).status).toBe(400);
    await expectLimited(await login('agent02', 'Learner2026', '192.0.2.7'), 1);
    expect((await login('agent02', 'Learner2026', '192.0.2.8')).status).toBe(200);
  });

  it('counts an IPv6 /64 as one address, and an IPv4-mapped address as the IPv4 one', async () => {
    forgetEarlierTries();
    for (let i = 0; i < 10; i++) await login(`ghost${i}`, 'Wrong2026', `2001:db8:1:2::${i + 1}`);
    expect((await login('agent02', 'Learner2026', '2001:db8:1:2:ffff::9')).status).toBe(429);
    expect((await login('agent02', 'Learner2026', '2001:db8:1:3::1')).status).toBe(200);
    for (let i = 0; i < 10; i++) await login(`ghost${i}`, 'Wrong2026', '192.0.2.44');
    expect((await login('agent02', 'Learner2026', '::ffff:192.0.2.44')).status).toBe(429);
  });

  it('counts forgot-password requests and bad reset tokens, apart from sign-in', async () => {
    forgetEarlierTries();
    const forget = (address = '203.0.113.1') => post('/api/auth/forget_password', { external_id: 'agent02', email: 'agent02@agent-academy.test' }, address);
    for (let i = 0; i < 3; i++) expect((await forget()).status).toBe(200);
    await expectLimited(await forget('203.0.113.99'), 1);
    // Asking for reset emails does not lock the sign-in.
    expect((await login('agent02', 'Learner2026')).status).toBe(200);

    const reset = (token: string) => post('/api/auth/reset_password', { token, new_password: 'Harbour88Vw', confirm_password: 'Harbour88Vw' }, '192.0.2.99');
    for (let i = 0; i < 10; i++) expect((await reset(`guess-${i}`)).status).toBe(400);
    await expectLimited(await reset('guess-10'), 1);
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
    forgetEarlierTries();
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
    forgetEarlierTries();
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

describe('housekeeping (ADR 041: rows past their use go in a sweep, not in each sign-in)', () => {
  const countRows = async (part: string) => (await ctx.database.db.select({ key: rateLimits.key }).from(rateLimits)).filter((r) => r.key.includes(part)).length;
  const jtiOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { jti: string }).jti;

  it('pruneExpired removes the tries that left the window, and only those; a try just out of the window no longer counts before that', async () => {
    forgetEarlierTries();
    await ctx.services.rateLimiter.pruneExpired(); // the earlier tests' tries
    for (let i = 0; i < 3; i++) expect((await login('agent02', 'Wrong2026', '203.0.113.77')).status).toBe(400);
    expect(await countRows('agent02')).toBeGreaterThan(0);
    ctx.clock.advance(WINDOW_S * 1000 - 1_000);
    // Still inside the window: kept, and still counting (a fourth failure, then a wait of 2 s).
    expect(await ctx.services.rateLimiter.pruneExpired()).toBe(0);
    expect((await login('agent02', 'Wrong2026', '203.0.113.78')).status).toBe(400);
    await expectLimited(await login('agent02', 'Learner2026', '203.0.113.79'), 2);
    ctx.clock.advance(2_000);
    // The first three are out of the window: one failure counts, before the sweep ran too; then the sweep removes them.
    expect((await login('agent02', 'Learner2026', '203.0.113.79')).status).toBe(200);
    expect(await ctx.services.rateLimiter.pruneExpired()).toBeGreaterThan(0);
    expect(await countRows('203.0.113.77')).toBe(0);
  });

  it('pruneExpiredTokens removes tokens past their lifetime and grace, and leaves a live one working', async () => {
    forgetEarlierTries();
    const old = await (await login('agent03', 'Learner2026', '203.0.113.80')).text();
    ctx.clock.advance((ctx.config.sessionTimeoutSeconds + 31) * 1000);
    const live = await (await login('agent03', 'Learner2026', '203.0.113.81')).text();
    expect(await ctx.services.sessions.pruneExpiredTokens()).toBeGreaterThan(0);
    const jtis = (await ctx.database.db.select({ jti: tokens.jti }).from(tokens)).map((t) => t.jti);
    expect(jtis).not.toContain(jtiOf(old));
    expect(jtis).toContain(jtiOf(live));
    expect((await ctx.request('/api/users/current', { token: live })).status).toBe(200);
    expect((await ctx.request('/api/users/current', { token: old })).status).toBe(401);
  });
});

describe('a successful sign-in gives its try back to the address', () => {
  it('so the address that signed in counts one failure fewer (Retry-After 1 s, not 2 s)', async () => {
    forgetEarlierTries();
    const fresh = () => ({ [HEADER.clientId]: crypto.randomUUID() });
    for (let i = 0; i < 9; i++) expect((await login(`ghost-g${i}`, 'Wrong2026', '203.0.113.120', fresh())).status).toBe(400);
    expect((await login('agent01', 'Learner2026', '203.0.113.120', fresh())).status).toBe(200);
    expect((await login('ghost-gx', 'Wrong2026', '203.0.113.120', fresh())).status).toBe(400);
    // Ten failures from the address (the sign-in's try given back): the next try waits 1 s.
    await expectLimited(await login('agent02', 'Learner2026', '203.0.113.120', fresh()), 1);
  });
});
