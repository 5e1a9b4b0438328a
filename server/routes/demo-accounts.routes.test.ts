import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER } from '../../src/config/constants';
import { DEMO_ACCOUNTS, markDemoAccounts } from '../db/seed';
import { users } from '../db/schema';
import { createTestContext, type TestContext } from '../test-support';
import { codeAtStep, stepOf } from '../testing/rfc6238';

// Issue 43 §12: DEMO_MODE defaults to 1, and a reverse proxy on the same host without TRUST_PROXY
// connects from 127.0.0.1: the demo outbox (every reset link) and the demo accounts (passwords in
// the README) would be anyone's. Both are refused unless the request came from loopback directly
// (no proxy header) or, with TRUST_PROXY, our proxy says its client was loopback.

let direct: TestContext;
let proxied: TestContext;
beforeAll(async () => {
  [direct, proxied] = await Promise.all([createTestContext(), createTestContext({ config: { trustProxy: true } })]);
  // agent10 stands for an account of the company's own (not seeded by the demo).
  await direct.database.db.update(users).set({ demo: false }).where(eq(users.externalId, 'agent10'));
});
afterAll(async () => {
  await direct?.close();
  await proxied?.close();
});

const REFUSED = 'Demo accounts can be signed in to only on the machine that runs the server (from 127.0.0.1 or ::1, not through a proxy).';
const PROXY_HEADERS: Array<Record<string, string>> = [
  { 'X-Forwarded-For': '203.0.113.9' },
  { 'X-Forwarded-For': '127.0.0.1' },
  { Forwarded: 'for=203.0.113.9;proto=https' },
  { 'X-Real-IP': '203.0.113.9' },
  { 'X-Forwarded-Host': 'academy.example.com' },
  { 'X-Forwarded-Proto': 'https' },
  { Via: '1.1 caddy' },
];

const signIn = (ctx: TestContext, externalId: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  ctx.request('/api/auth/login', { method: 'POST', json: { external_id: externalId, password }, headers, remoteAddress });
const outbox = (ctx: TestContext, remoteAddress: string, headers: Record<string, string> = {}) => ctx.request('/api/demo/outbox', { headers, remoteAddress });

describe('without TRUST_PROXY', () => {
  it('a demo account signs in from loopback directly (IPv4 and IPv6)', async () => {
    for (const socket of ['127.0.0.1', '::1']) expect((await signIn(direct, 'agent01', 'Learner2026', socket)).status, socket).toBe(200);
  });

  it('a demo account is refused (403, translated) whenever a proxy header is present, or from another machine', async () => {
    for (const headers of PROXY_HEADERS) {
      const res = await signIn(direct, 'agent01', 'Learner2026', '127.0.0.1', headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(await res.json()).toEqual({ status_code: 403, message: REFUSED });
    }
    expect((await signIn(direct, 'manager01', 'Manager2026', '192.0.2.10')).status).toBe(403);
    const zh = await signIn(direct, 'agent01', 'Learner2026', '127.0.0.1', { 'X-Forwarded-For': '203.0.113.9', [HEADER.language]: 'zh-HK' });
    expect(await zh.json()).toEqual({ status_code: 403, message: '示範帳戶只能在執行伺服器的電腦上登入（來自 127.0.0.1 或 ::1，不經代理）。' });
    const cn = await signIn(direct, 'agent01', 'Learner2026', '127.0.0.1', { 'X-Real-IP': '203.0.113.9', [HEADER.language]: 'zh-CN' });
    expect((await cn.json()).message).toBe('演示账户只能在运行服务器的机器上登录（来自 127.0.0.1 或 ::1，不经代理）。');
  });

  it('a wrong password through a proxy answers as for any account (which accounts are demo ones is not told)', async () => {
    const res = await signIn(direct, 'agent02', 'Wrong2026x', '127.0.0.1', { 'X-Forwarded-For': '203.0.113.9' });
    expect(res.status).toBe(400);
  });

  it('the identity check (dry run) and the two-factor sign-in of a demo account are refused through a proxy too', async () => {
    const viaProxy = { 'X-Forwarded-For': '203.0.113.9' };
    const dry = await direct.request('/api/auth/login?dry_run=1', { method: 'POST', json: { external_id: 'agent03', password: 'Learner2026' }, headers: viaProxy });
    expect(dry.status).toBe(403);
    const code = codeAtStep('JBSWY3DPEHPK3PXP', stepOf(direct.clock.now()));
    const verify = await direct.request('/api/auth/2fa/verify', { method: 'POST', json: { external_id: 'agent2fa', password: 'Secure2026', one_time_password: code }, headers: viaProxy });
    expect(verify.status).toBe(403);
    expect((await verify.json()).message).toBe(REFUSED);
    // The code was not spent by the refused request: the operator's own sign-in takes it.
    const local = await direct.request('/api/auth/2fa/verify', { method: 'POST', json: { external_id: 'agent2fa', password: 'Secure2026', one_time_password: code } });
    expect(local.status).toBe(200);
  });

  it("an account that is not a demo one signs in through the proxy as usual", async () => {
    expect((await signIn(direct, 'agent10', 'Learner2026', '127.0.0.1', { 'X-Forwarded-For': '203.0.113.9' })).status).toBe(200);
  });

  it('the demo outbox is refused from loopback whenever a proxy header is present', async () => {
    expect((await outbox(direct, '127.0.0.1')).status).toBe(200);
    for (const headers of PROXY_HEADERS) expect((await outbox(direct, '127.0.0.1', headers)).status, JSON.stringify(headers)).toBe(403);
  });
});

describe('with TRUST_PROXY', () => {
  it("a demo account signs in only when our proxy says its client was loopback", async () => {
    expect((await signIn(proxied, 'agent01', 'Learner2026', '127.0.0.1', { 'X-Forwarded-For': '127.0.0.1' })).status).toBe(200);
    expect((await signIn(proxied, 'agent01', 'Learner2026', '127.0.0.1', { 'X-Forwarded-For': '127.0.0.1, 203.0.113.9' })).status).toBe(403);
    // A proxy that does not say whom it forwards for could be anyone's.
    expect((await signIn(proxied, 'agent01', 'Learner2026', '127.0.0.1')).status).toBe(403);
  });
});

describe('which accounts are demo ones', () => {
  it('the seed marks every demo account, and an older database gets them marked at start', async () => {
    const db = direct.database.db;
    const marked = await db.select({ externalId: users.externalId }).from(users).where(eq(users.demo, true));
    expect(marked.map((u) => u.externalId).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.externalId).filter((id) => id !== 'agent10').sort());
    // An older database: no account marked; one of them has been given a company address since.
    await db.update(users).set({ demo: false });
    await db.update(users).set({ email: 'agent03@company.example' }).where(eq(users.externalId, 'agent03'));
    await markDemoAccounts(db);
    const again = await db.select({ externalId: users.externalId }).from(users).where(eq(users.demo, true));
    expect(again.map((u) => u.externalId).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.externalId).filter((id) => id !== 'agent03').sort());
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.demo, true));
    expect(n).toBe(DEMO_ACCOUNTS.length - 1);
  });
});
