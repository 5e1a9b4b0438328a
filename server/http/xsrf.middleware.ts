import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { HEADER, XSRF_COOKIE } from '../../src/config/constants';
import type { SessionService } from '../auth/sessions';
import { safeEqual, type Xsrf } from '../auth/xsrf';
import { authOutcome, type AppEnv } from './context';
import { errorResponse } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function setXsrfCookie(c: Context<AppEnv>, value: string): void {
  const secure = new URL(c.req.url).protocol === 'https:' || c.req.header('X-Forwarded-Proto') === 'https';
  // Readable by JS on purpose: the client copies it into X-XSRF-TOKEN (double submit).
  setCookie(c, XSRF_COOKIE, value, { path: '/', sameSite: 'Strict', secure, httpOnly: false });
  c.set('xsrfIssued', true);
}

/**
 * Double-submit XSRF check for /api: a non-GET/HEAD request must echo a valid cookie in
 * X-XSRF-TOKEN, else 403. Any response to a request without a valid cookie sets a new one.
 */
export function xsrfProtection(xsrf: Xsrf, sessions: SessionService): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const cookie = getCookie(c, XSRF_COOKIE);
    const auth = await authOutcome(c, sessions);
    const valid = await xsrf.accepts(cookie, auth);
    if (!SAFE_METHODS.has(c.req.method)) {
      const header = c.req.header(HEADER.xsrf);
      if (!valid || !cookie || !header || !safeEqual(header, cookie)) {
        // A fresh valid cookie lets the client's retry succeed (e.g. after the server secret changed).
        if (!valid) setXsrfCookie(c, xsrf.mint(auth.ok ? auth.session.sessionId : null));
        return errorResponse(c, 403, 'server:forbidden_xsrf');
      }
    }
    await next();
    if (!valid && !c.get('xsrfIssued')) setXsrfCookie(c, xsrf.mint(auth.ok ? auth.session.sessionId : null));
  };
}
