import type { Context } from 'hono';
import { API_ERROR_CODE } from '../../src/api/schemas/error.schema';
import type { Attempt, RateScope } from '../auth/rate-limit';
import { clientAddress } from './client-address';
import { clientIdOf } from './client-id';
import { HttpError } from './errors';
import type { AppServices } from './services';

export type AllowedAttempt = Extract<Attempt, { limited: false }>;

/** 429 with Retry-After and a translated text that says when to try again. */
export function rateLimitedError(retryAfterSeconds: number): HttpError {
  const extras = { code: API_ERROR_CODE.rateLimited, headers: { 'Retry-After': String(retryAfterSeconds) } };
  return retryAfterSeconds < 60
    ? new HttpError(429, 'server:rate_limited_seconds', { seconds: retryAfterSeconds }, extras)
    : new HttpError(429, 'server:rate_limited_minutes', { minutes: Math.ceil(retryAfterSeconds / 60) }, extras);
}

/** The browser's X-Client-Id; a malformed one is no device (the route itself may refuse it). */
function deviceOf(c: Context): string | null {
  try {
    return clientIdOf(c);
  } catch {
    return null;
  }
}

/**
 * Counts a guess at a secret against the account and the client address (or, from a browser that
 * signed in to the account before, against that browser), and refuses it (429, Retry-After) while
 * a slow-down is running: before the secret is checked, so a refused guess tells nothing.
 * What the caller does not give back (succeeded/refund) stays counted as a failure.
 */
export async function beginAttempt(c: Context, s: AppServices, scope: RateScope, account: string | null): Promise<AllowedAttempt> {
  const attempt = await s.rateLimiter.attempt(scope, { account, address: clientAddress(c, s.config.trustProxy), device: deviceOf(c) });
  if (attempt.limited) throw rateLimitedError(attempt.retryAfterSeconds);
  return attempt;
}
