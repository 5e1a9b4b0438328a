import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER, XSRF_COOKIE } from '../../src/config/constants';
import { createTestContext, type TestContext } from '../test-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const cookieOf = (res: Response) => {
  const line = res.headers.getSetCookie().find((l) => l.startsWith(`${XSRF_COOKIE}=`));
  return line ? { value: /^[^=]+=([^;]*)/.exec(line)![1], line } : undefined;
};
const loginBody = JSON.stringify({ external_id: 'agent01', password: 'Learner2026' });
/** A raw request: exactly the cookie and header given, nothing added. */
const raw = (path: string, { method = 'POST', cookie, header, token, body }: { method?: string; cookie?: string; header?: string; token?: string; body?: string } = {}) => {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (cookie !== undefined) headers.Cookie = `${XSRF_COOKIE}=${cookie}`;
  if (header !== undefined) headers[HEADER.xsrf] = header;
  if (token) headers.Authorization = `Bearer ${token}`;
  // From a browser on this machine (the demo accounts sign in only from loopback, issue 43 §12).
  return ctx.app.request(path, { method, headers, body }, { incoming: { socket: { remoteAddress: '127.0.0.1' } } });
};
async function anonymousCookie(): Promise<string> {
  return cookieOf(await ctx.app.request('/api/app-config'))!.value;
}

describe('XSRF cookie', () => {
  it('is set on a response to a request without one: readable by JS, SameSite=Strict, Path=/', async () => {
    const res = await ctx.app.request('/api/app-config');
    const cookie = cookieOf(res);
    expect(cookie).toBeDefined();
    expect(cookie!.line).toMatch(/Path=\//);
    expect(cookie!.line).toMatch(/SameSite=Strict/);
    expect(cookie!.line).not.toMatch(/HttpOnly/i);
  });

  it('is not set again while the request carries a valid one', async () => {
    const value = await anonymousCookie();
    const res = await ctx.app.request('/api/app-config', { headers: { Cookie: `${XSRF_COOKIE}=${value}` } });
    expect(cookieOf(res)).toBeUndefined();
  });

  it('is replaced when the request carries one the server did not mint', async () => {
    const res = await ctx.app.request('/api/app-config', { headers: { Cookie: `${XSRF_COOKIE}=a.forged.value` } });
    expect(cookieOf(res)?.value).not.toBe('a.forged.value');
  });

  it('is bound to the new session after login', async () => {
    const value = await anonymousCookie();
    const res = await raw('/api/auth/login', { cookie: value, header: value, body: loginBody });
    expect(res.status).toBe(200);
    const after = cookieOf(res);
    expect(after?.value).toBeDefined();
    expect(after!.value).not.toBe(value);
    expect(after!.value.startsWith('a.')).toBe(false);
  });
});

describe('XSRF check on non-GET/HEAD /api requests', () => {
  it('answers 403 JSON without the header', async () => {
    const value = await anonymousCookie();
    const res = await raw('/api/auth/login', { cookie: value, body: loginBody });
    expect(res.status).toBe(403);
    const body = await res.json();
    expect(body.status_code).toBe(403);
    expect(body.message).toMatch(/security token/);
  });

  it('answers 403 without the cookie', async () => {
    const value = await anonymousCookie();
    expect((await raw('/api/auth/login', { header: value, body: loginBody })).status).toBe(403);
  });

  it('answers 403 when the header differs from the cookie', async () => {
    const value = await anonymousCookie();
    const other = await anonymousCookie();
    expect((await raw('/api/auth/login', { cookie: value, header: other, body: loginBody })).status).toBe(403);
  });

  it('answers 403 for a value the server did not mint, even when header and cookie agree', async () => {
    const value = await anonymousCookie();
    const tampered = value.replace(/.$/, (ch) => (ch === 'A' ? 'B' : 'A'));
    expect((await raw('/api/auth/login', { cookie: tampered, header: tampered, body: loginBody })).status).toBe(403);
    expect((await raw('/api/auth/login', { cookie: 'x', header: 'x', body: loginBody })).status).toBe(403);
  });

  it('translates the refusal', async () => {
    const res = await ctx.app.request('/api/auth/login', { method: 'POST', headers: { [HEADER.language]: 'zh-HK' }, body: loginBody });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe('安全令牌缺失或無效，請求已被拒絕。請重新載入頁面後再試。');
  });

  it('applies to unknown routes too (403 before 404)', async () => {
    expect((await raw('/api/nowhere', {})).status).toBe(403);
  });

  it('lets the request through when the header equals a valid cookie', async () => {
    const value = await anonymousCookie();
    expect((await raw('/api/auth/login', { cookie: value, header: value, body: loginBody })).status).toBe(200);
  });

  it('for a signed-in request, accepts a cookie of the same user but not of another user or an anonymous one', async () => {
    const anon = await anonymousCookie();
    const signIn = async (externalId: string, password: string) => {
      const res = await raw('/api/auth/login', { cookie: anon, header: anon, body: JSON.stringify({ external_id: externalId, password }) });
      return { token: await res.text(), cookie: cookieOf(res)!.value };
    };
    const a1 = await signIn('agent01', 'Learner2026');
    const a2 = await signIn('agent01', 'Learner2026');
    const m = await signIn('manager01', 'Manager2026');
    const refresh = (token: string, cookie: string) => raw('/api/auth/refresh', { token, cookie, header: cookie });
    const first = await refresh(a1.token, a1.cookie);
    expect(first.status).toBe(200);
    // Another tab of the same user minted the browser's current cookie. (The newest token: a
    // superseded one may not refresh again.)
    const newest = await first.text();
    expect((await refresh(newest, a2.cookie)).status).toBe(200);
    expect((await refresh(newest, m.cookie)).status).toBe(403);
    expect((await refresh(newest, anon)).status).toBe(403);
  });

  it('refuses a forged value after its genuine twin was accepted (the remembered MAC is the whole value, ADR 037)', async () => {
    const value = await anonymousCookie();
    expect((await raw('/api/auth/login', { cookie: value, header: value, body: loginBody })).status).toBe(200);
    const [binding, nonce, signature] = value.split('.');
    const forged = `${binding}.${nonce}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    expect((await raw('/api/auth/login', { cookie: forged, header: forged, body: loginBody })).status).toBe(403);
    const otherNonce = `${binding}.${nonce.slice(0, -1)}${nonce.endsWith('A') ? 'B' : 'A'}.${signature}`;
    expect((await raw('/api/auth/login', { cookie: otherNonce, header: otherNonce, body: loginBody })).status).toBe(403);
  });

  it('does not apply to GET and HEAD', async () => {
    expect((await ctx.app.request('/api/app-config')).status).toBe(200);
    expect((await ctx.app.request('/api/app-config', { method: 'HEAD' })).status).toBe(200);
  });
});
