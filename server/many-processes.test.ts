import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER, XSRF_COOKIE } from '../src/config/constants';
import { createApp, type App } from './app';
import { resolveSecret } from './auth/secret';
import { createMailer } from './mail/mailer';
import { createBackgroundTasks } from './tasks';
import { users } from './db/schema';
import { createTestContext, TEST_CLIENT_ID, TEST_SECRET, type TestContext, type TestRequestInit } from './test-support';

// ADR 036: WORKERS=N (or N machines behind a load balancer) runs N server processes on one
// database, and a browser's requests land on any of them. Two apps on the same database, each with
// its own in-memory state (sessions service, XSRF, rate limiter, background tasks: everything
// createApp builds), stand for two processes. Runs on PGlite and, in the `postgres` project, on
// PostgreSQL, where the two really run side by side.

let ctx: TestContext;
/** "Process" B: a second app on A's database and clock (processes share the wall clock, not memory). */
let b: App;

const LIMIT = 4;

beforeAll(async () => {
  ctx = await createTestContext({
    config: { rateLimit: { windowSeconds: 900, maxPerAccount: LIMIT, maxPerAddress: 1000, maxDelaySeconds: 60 }, trustProxy: true },
  });
  // Behind a load balancer (TRUST_PROXY): the accounts are the deployment's own, not the demo's,
  // which sign in only from the machine itself (issue 43 §12).
  await ctx.database.db.update(users).set({ demo: false });
  const mailer = createMailer({ db: ctx.database.db, from: ctx.config.mailFrom });
  b = createApp({ config: ctx.config, db: ctx.database.db, secret: TEST_SECRET, mailer, clock: ctx.clock, log: () => {}, tasks: createBackgroundTasks(() => {}) }).app;
});
afterAll(() => ctx?.close());

/** The same browser (A's XSRF cookie) sending to process B. */
async function onB(path: string, init: TestRequestInit = {}): Promise<Response> {
  const { token, json, ...rest } = init;
  const method = (rest.method ?? 'GET').toUpperCase();
  const headers = new Headers(rest.headers);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const cookie = ctx.xsrfCookie();
  if (cookie) headers.set('Cookie', `${XSRF_COOKIE}=${cookie}`);
  if (cookie && method !== 'GET') headers.set(HEADER.xsrf, cookie);
  if (json !== undefined) headers.set('Content-Type', 'application/json');
  return b.request(path, { ...rest, method, headers, body: json === undefined ? rest.body : JSON.stringify(json) });
}
const onA = (path: string, init: TestRequestInit = {}) => ctx.request(path, init);
const current = (send: typeof onA, token: string) => send('/api/users/current', { token });

describe('two server processes on one database', () => {
  it('a sign-in on A is served by B (the session is in the database, the XSRF cookie A minted is good on B)', async () => {
    const token = await ctx.login('agent01', 'Learner2026');
    expect((await current(onB, token)).status).toBe(200);
    // A write on B with the cookie A minted: XSRF is a MAC of the shared secret, not a list in memory.
    const refreshed = await onB('/api/auth/refresh', { method: 'POST', token });
    expect(refreshed.status).toBe(200);
  });

  it('a token refreshed on A: the old one is refused on B once the grace is over, the new one works there', async () => {
    const first = await ctx.login('agent02', 'Learner2026');
    const second = await (await onA('/api/auth/refresh', { method: 'POST', token: first })).text();
    // B cannot mint with the superseded token (the refresh on A is seen at once)...
    expect((await onB('/api/auth/refresh', { method: 'POST', token: first })).status).toBe(401);
    ctx.clock.advance(31_000);
    // ...and after the 30 s grace B refuses it for everything.
    expect((await current(onB, first)).status).toBe(401);
    expect((await current(onB, second)).status).toBe(200);
  });

  it('a logout on B refuses the token on A at once', async () => {
    const token = await ctx.login('agent03', 'Learner2026');
    expect((await current(onA, token)).status).toBe(200);
    expect((await onB('/api/auth/logout', { method: 'POST', token })).status).toBe(204);
    expect((await current(onA, token)).status).toBe(401);
  });

  it('counts failed sign-ins across both: the limit is reached with tries split between A and B', async () => {
    ctx.clock.advance(901_000);
    const tryOn = (send: typeof onA, password: string) =>
      send('/api/auth/login', { method: 'POST', json: { external_id: 'agent10', password }, headers: { 'X-Forwarded-For': '203.0.113.9' } });
    for (let i = 0; i < LIMIT; i++) expect((await tryOn(i % 2 === 0 ? onA : onB, 'Wrong2026')).status).toBe(400);
    // Each process alone saw LIMIT / 2 failures: only a shared count refuses the next try.
    expect((await tryOn(onB, 'Learner2026')).status).toBe(429);
    expect((await tryOn(onA, 'Learner2026')).status).toBe(429);
  });

  it('a second browser signing in on B expires the first browser’s session on A (single-device sessions)', async () => {
    const c = createApp({
      config: { ...ctx.config, singleDeviceSessions: true },
      db: ctx.database.db,
      secret: TEST_SECRET,
      mailer: createMailer({ db: ctx.database.db, from: ctx.config.mailFrom }),
      clock: ctx.clock,
      log: () => {},
    }).app;
    const signIn = async (app: App, clientId: string) => {
      const res = await app.request('/api/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: `${XSRF_COOKIE}=${ctx.xsrfCookie()}`, [HEADER.xsrf]: ctx.xsrfCookie()!, [HEADER.clientId]: clientId },
        body: JSON.stringify({ external_id: 'agent01', password: 'Learner2026' }),
      });
      expect(res.status).toBe(200);
      return res.text();
    };
    const first = await signIn(ctx.app, TEST_CLIENT_ID);
    await signIn(c, '9a9c2a4e-8b1d-4c6f-9e2a-7d5b1c0a9f32');
    expect((await current(onA, first)).status).toBe(401);
  });

  it('processes started together without JWT_SECRET agree on the one the database keeps', async () => {
    const secrets = await Promise.all([resolveSecret(ctx.database.db), resolveSecret(ctx.database.db), resolveSecret(ctx.database.db)]);
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0].length).toBeGreaterThanOrEqual(32);
  });
});
