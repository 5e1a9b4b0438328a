import type { MiddlewareHandler } from 'hono';
import { errorResponse } from '../http/errors';
import { authOutcome, type AppEnv } from '../http/context';
import type { SessionService } from './sessions';

/** 401 {status_code, message} unless the bearer token is valid, unexpired and its session stands. */
export function requireAuth(sessions: SessionService): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const outcome = await authOutcome(c, sessions);
    if (!outcome.ok) {
      const key =
        outcome.reason === 'device_expired'
          ? 'server:device_expired'
          : outcome.reason === 'expired' || outcome.reason === 'revoked'
            ? 'server:session_expired'
            : 'server:unauthorized';
      c.header('WWW-Authenticate', 'Bearer');
      return errorResponse(c, 401, key);
    }
    c.set('session', outcome.session);
    await next();
  };
}
