import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER } from '../../src/config/constants';
import { createApp } from '../app';
import { testConfig, type ServerConfig } from '../config';
import { createTestContext, TEST_SECRET, type TestContext } from '../test-support';

// The demo outbox holds every reset link: reading it takes over any account (issue 11 §3).
// Only the machine's operator may read it: a loopback client of a server that listens on loopback.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const appWith = (overrides: Partial<ServerConfig>) =>
  createApp({ config: testConfig(overrides), db: ctx.database.db, secret: TEST_SECRET, mailer: ctx.services.mailer, log: () => {} }).app;

/** GET /api/demo/outbox from a socket address (none: like a request without a socket). */
const outbox = (app: ReturnType<typeof appWith>, socket?: string, headers: Record<string, string> = {}) =>
  app.request('/api/demo/outbox', { headers }, socket ? { incoming: { socket: { remoteAddress: socket } } } : undefined);

describe('GET /api/demo/outbox', () => {
  it('is read from the machine itself (IPv4 and IPv6 loopback) while the server listens on loopback', async () => {
    for (const host of ['127.0.0.1', '::1', 'localhost']) {
      const app = appWith({ host });
      for (const socket of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
        const res = await outbox(app, socket);
        expect(res.status, `${host} ← ${socket}`).toBe(200);
        expect(Array.isArray(await res.json())).toBe(true);
      }
    }
  });

  it('is refused (403, translated) to any other client, and to a request without a socket', async () => {
    const app = appWith({ host: '127.0.0.1' });
    for (const socket of ['192.0.2.10', '10.0.0.1', '2001:db8::1', '::ffff:192.0.2.10', undefined]) {
      const res = await outbox(app, socket);
      expect(res.status, String(socket)).toBe(403);
      expect(await res.json()).toEqual({
        status_code: 403,
        message: 'The demo outbox can be read only on the machine that runs the server (from 127.0.0.1 or ::1).',
      });
    }
    const zh = await outbox(app, '192.0.2.10', { [HEADER.language]: 'zh-HK' });
    expect((await zh.json()).message).toBe('示範寄件匣只能在執行伺服器的電腦上讀取（來自 127.0.0.1 或 ::1）。');
  });

  it('does not exist (404) when the server listens beyond loopback, even for a loopback client', async () => {
    for (const host of ['0.0.0.0', '::', '192.0.2.1']) {
      expect((await outbox(appWith({ host }), '127.0.0.1')).status, host).toBe(404);
    }
  });

  it('cannot be reached with a forged X-Forwarded-For', async () => {
    // Without TRUST_PROXY the header is not looked at: the socket decides.
    expect((await outbox(appWith({ host: '127.0.0.1' }), '192.0.2.10', { 'X-Forwarded-For': '127.0.0.1' })).status).toBe(403);
    // With TRUST_PROXY a local proxy forwards: the entry it appended (the last) must be loopback too,
    // and a proxied request without one is not the operator's.
    const proxied = appWith({ host: '127.0.0.1', trustProxy: true });
    expect((await outbox(proxied, '127.0.0.1', { 'X-Forwarded-For': '127.0.0.1, 203.0.113.9' })).status).toBe(403);
    expect((await outbox(proxied, '127.0.0.1')).status).toBe(403);
    expect((await outbox(proxied, '127.0.0.1', { 'X-Forwarded-For': '127.0.0.1' })).status).toBe(200);
    // The proxy's own word does not count when the socket is not loopback.
    expect((await outbox(proxied, '192.0.2.10', { 'X-Forwarded-For': '127.0.0.1' })).status).toBe(403);
  });
});
