import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adoptPageEarly } from './early-requests';
import { configureHttp, defaultHttpHandlers, http } from './http';
import { agent01, json, stubFetch, tokenFor } from './test-helpers';
import { getCurrentUser } from './users.api';
import { clearToken, getToken, setToken } from '../platform/storage/token-storage';

// ADR 043: public/early-requests.js asks for the current user before the app has loaded; the app's
// own call reads that answer (adoptPageEarly), or asks again through its http layer when it is not
// a success, so a 401 still signs out as before.

const script = readFileSync('public/early-requests.js', 'utf8');
type Page = typeof window & { __earlyRequests?: Array<{ path: string; lang: string; token: string; response: Promise<Response> }> };
const page = window as Page;
/** Runs the page script as the browser would, on `path`. */
function runPageScript(path: string) {
  window.history.replaceState(null, '', path);
  new Function(script)();
  return page.__earlyRequests;
}
const resend = (path: string) => http(path, { method: 'get' });

beforeEach(() => {
  setToken(tokenFor('1'));
  sessionStorage.setItem('client-id', 'client-1');
});
afterEach(() => {
  delete page.__earlyRequests;
  vi.unstubAllGlobals();
  configureHttp(defaultHttpHandlers);
  clearToken();
  sessionStorage.clear();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('the page script (public/early-requests.js)', () => {
  it('asks for the current user on a signed-in page, with the headers of the app', async () => {
    localStorage.setItem('lang', 'zh');
    const net = stubFetch(() => json(agent01));
    const sent = runPageScript('/courses/all');
    expect(sent).toHaveLength(1);
    expect(sent![0]).toMatchObject({ path: 'users/current', lang: 'zh', token: getToken() });
    await sent![0].response;
    const request = net.requests[0];
    expect(new URL(request.url).pathname).toBe('/api/users/current');
    expect(request.headers.get('Authorization')).toBe(`Bearer ${getToken()}`);
    expect(request.headers.get('X-Client-Id')).toBe('client-1');
    expect(request.headers.get('X-App-Language')).toBe('zh-HK');
    expect(request.headers.get('X-App-Id')).toBe('agent-academy');
    expect(request.headers.get('X-Client-Platform')).toBe('studentweb');
  });

  it('asks nothing signed out, without a client id, or on a page outside the signed-in layout', () => {
    const net = stubFetch(() => json(agent01));
    for (const path of ['/login', '/forgot-password', '/reset-password', '/logout', '/merge/verify']) expect(runPageScript(path), path).toBeUndefined();
    sessionStorage.removeItem('client-id');
    expect(runPageScript('/main')).toBeUndefined();
    sessionStorage.setItem('client-id', 'client-1');
    clearToken();
    expect(runPageScript('/main')).toBeUndefined();
    expect(net.requests).toHaveLength(0);
  });
});

describe('the app reads what the page script asked for', () => {
  it('once: the current user is one request, the next call asks the server', async () => {
    const net = stubFetch(() => json(agent01));
    adoptPageEarly(runPageScript('/main'), resend);
    await expect(getCurrentUser()).resolves.toEqual(agent01);
    expect(net.requests).toHaveLength(1);
    await getCurrentUser();
    expect(net.requests).toHaveLength(2);
  });

  it('an answer that is not a success is asked for again through the http layer (a 401 signs out)', async () => {
    const navigate = vi.fn();
    configureHttp({ ...defaultHttpHandlers, navigate, location: () => ({ pathname: '/main', search: '' }) });
    const net = stubFetch(() => json({ status_code: 401, message: 'Not signed in' }, 401));
    adoptPageEarly(runPageScript('/main'), resend);
    await expect(getCurrentUser()).rejects.toMatchObject({ status: 401 });
    // The page script's request, then the app's own, whose 401 the http layer handled.
    expect(net.requests).toHaveLength(2);
    expect(getToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('an answer asked with another token, or in another language, is not read', async () => {
    const net = stubFetch(() => json(agent01));
    adoptPageEarly(runPageScript('/main'), resend);
    setToken(tokenFor('2'));
    await getCurrentUser();
    expect(net.requests).toHaveLength(2);

    // The page script read the stored language; the app shows another (its default, say).
    localStorage.setItem('lang', 'cn');
    configureHttp({ ...defaultHttpHandlers, language: () => 'en' });
    adoptPageEarly(runPageScript('/main'), resend);
    await getCurrentUser();
    expect(net.requests).toHaveLength(4);
  });

  it('ignores what is not a list of requests', () => {
    expect(() => adoptPageEarly(undefined, resend)).not.toThrow();
    expect(() => adoptPageEarly([{ path: 3 }, null], resend)).not.toThrow();
  });
});
