import { Hono, type MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { isWholeAnswer } from './whole-answer';

/** The CSP: no inline or foreign script anywhere (DESIGN §5); inline styles are allowed for UI libraries. */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'", 'blob:', 'data:'],
  // hls.js loads the rewritten playlist from a blob: URL (ADR 011).
  connectSrc: ["'self'", 'blob:'],
  workerSrc: ["'self'", 'blob:'],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  // Forms (the app's own, or one injected into a page) may post only to this origin.
  formAction: ["'self'"],
};

const honoSecureHeaders = secureHeaders({
  contentSecurityPolicy: CONTENT_SECURITY_POLICY,
  xFrameOptions: 'DENY',
  referrerPolicy: 'strict-origin-when-cross-origin',
  crossOriginResourcePolicy: 'same-origin',
  crossOriginOpenerPolicy: 'same-origin',
  permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [] },
});

/**
 * The headers hono's secureHeaders sets with the options above, read once from it (it sets the
 * same values on every answer), so an answer built whole carries exactly them (whole-answer.ts).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = await (async () => {
  const probe = new Hono().use(honoSecureHeaders).get('/', (c) => c.body(null, 204));
  return Object.fromEntries((await probe.request('/')).headers);
})();

/** Hono's secureHeaders' headers on every answer (replacing any of the same name), and no X-Powered-By;
 * an answer built whole carries them already (whole-answer.ts). */
export const securityHeaders = (): MiddlewareHandler => async (c, next) => {
  await next();
  if (isWholeAnswer(c.res)) return;
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(name, value);
  c.res.headers.delete('X-Powered-By');
};
