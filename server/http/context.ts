import type { Context } from 'hono';
import { HEADER, type Language } from '../../src/config/constants';
import type { AuthOutcome, AuthSession, SessionService } from '../auth/sessions';
import { languageFromHeader } from '../i18n/messages';

export type AppEnv = {
  Variables: {
    /** Set by requireAuth: the signed-in session of this request. */
    session: AuthSession;
    authOutcome: Promise<AuthOutcome>;
    /** A handler that set the XSRF cookie itself (login) stops the middleware from overwriting it. */
    xsrfIssued: boolean;
  };
};

/** The language of server messages: X-App-Language (SPEC §7). */
export function langOf(c: Context): Language {
  return languageFromHeader(c.req.header(HEADER.language));
}

export function bearerToken(c: Context): string | null {
  const header = c.req.header('Authorization');
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  // A malformed header is not "no token": it must fail as invalid, not fall through as anonymous.
  return match ? match[1] : 'malformed';
}

/** The bearer token's outcome, computed at most once per request (XSRF and requireAuth both ask). */
export function authOutcome(c: Context<AppEnv>, sessions: SessionService): Promise<AuthOutcome> {
  let outcome = c.get('authOutcome');
  if (!outcome) {
    outcome = sessions.authenticate(bearerToken(c));
    c.set('authOutcome', outcome);
  }
  return outcome;
}
