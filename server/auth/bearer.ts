import type { Context, MiddlewareHandler } from 'hono';
import { API_ERROR_CODE } from '../../src/api/schemas/error.schema';
import { errorResponse } from '../http/errors';
import { HEADER } from '../../src/config/constants';
import { authOutcome, langOf, type AppEnv } from '../http/context';
import type { AuthFailure, AuthSession, SessionService } from './sessions';

/** 401 {status_code, message} unless the bearer token is valid, unexpired and its session stands. */
export function requireAuth(sessions: SessionService): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const outcome = await authOutcome(c, sessions);
    if (!outcome.ok) return unauthorized(c, outcome.reason);
    c.set('session', outcome.session);
    await rememberLanguage(c, sessions, outcome.session);
    await next();
  };
}

/**
 * ADR 092: the language of the user's last signed-in request that said one (X-App-Language), kept
 * on the user for what is sent without a request (the CPD reminders). Written only when it changes.
 */
async function rememberLanguage(c: Context<AppEnv>, sessions: SessionService, session: AuthSession): Promise<void> {
  if (c.req.header(HEADER.language) === undefined) return;
  const lang = langOf(c);
  if (session.user.language === lang) return;
  await sessions.rememberLanguage(session.userId, lang);
  session.user.language = lang;
}

/** The 401 of a bearer token that does not stand, with the reason in words. */
export function unauthorized(c: Context, reason: AuthFailure) {
  const key =
    reason === 'device_expired'
      ? 'server:device_expired'
      : reason === 'expired' || reason === 'revoked'
        ? 'server:session_expired'
        : 'server:unauthorized';
  c.header('WWW-Authenticate', 'Bearer');
  return errorResponse(c, 401, key);
}

/**
 * After requireAuth: with TWO_FACTOR_REQUIRED, a session that has not passed the second factor
 * gets 403 NotAuthenticated. The client's guard keeps such users on the activation page; this
 * keeps the API from serving them anyway.
 */
export function requireSecondFactorWhenRequired(required: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (required && !c.get('session').g2fa) return secondFactorMissing(c);
    await next();
  };
}

export function secondFactorMissing(c: Context) {
  return errorResponse(c, 403, 'server:two_factor_required', undefined, undefined, { code: API_ERROR_CODE.notAuthenticated });
}

/**
 * After the second-factor check: a user who has not changed the initial password (SPEC §4) gets
 * 403 PasswordChangeRequired. The browser's guard keeps them on the change page; this keeps the
 * API from serving them anyway. Left open (they do not use this): users/current, the password
 * change itself, refresh, logout, app-config and the two-factor steps of signing in.
 */
export function requirePasswordChanged(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.get('session').mustChangePassword) {
      return errorResponse(c, 403, 'server:password_change_required', undefined, undefined, { code: API_ERROR_CODE.passwordChangeRequired });
    }
    await next();
  };
}
