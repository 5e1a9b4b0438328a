import type { Context } from 'hono';
import {
  activateTwoFactorRoute,
  checkTwoFactorRoute,
  completeTwoFactorRoute,
  deactivateTwoFactorRoute,
  getTwoFactorInfoRoute,
  verifyTwoFactorRoute,
} from '../../src/api/schemas/two-factor.routes';
import { secondFactorMissing, unauthorized } from '../auth/bearer';
import { verifyPassword } from '../auth/password';
import { recordIdentityCheck } from '../domain/identity-checks';
import { acceptCode, completeActivation, deactivate, startActivation, type CodeOutcome } from '../domain/two-factor';
import { findUserByExternalId, findUserById } from '../domain/users';
import type { UserRow } from '../db/schema';
import { beginAttempt } from '../http/attempts';
import type { AppEnv } from '../http/context';
import { clientIdOf } from '../http/client-id';
import { defineRoute } from '../http/define-route';
import { refuseRemoteDemoAccount } from '../http/demo-access';
import { HttpError } from '../http/errors';
import type { ApiApp, AppServices } from '../http/services';
import { setXsrfCookie } from '../http/xsrf.middleware';
import { refuseMergedAccount } from '../domain/account-merge';

/** Why a code was refused, in words the user can act on. */
function refusal(outcome: Exclude<CodeOutcome, 'accepted'>): HttpError {
  if (outcome === 'not_enabled') return new HttpError(400, 'server:two_factor_not_enabled');
  if (outcome === 'no_pending') return new HttpError(400, 'server:two_factor_no_pending');
  return new HttpError(400, 'server:otp_incorrect');
}

async function signedInUser(c: Context<AppEnv>, s: AppServices): Promise<UserRow> {
  const row = await findUserById(s.db, c.get('session').userId);
  if (!row) throw new HttpError(401, 'server:session_expired');
  return row;
}

/** SPEC §4 Two-factor and §7: RFC 6238 codes, each accepted once, ±1 step of 30 s. */
export function registerTwoFactorRoutes(app: ApiApp, s: AppServices): void {
  const now = () => s.clock.now();

  defineRoute(app, getTwoFactorInfoRoute, s.requireAuth, async (c) => {
    const user = await signedInUser(c, s);
    return c.json({ enabled: user.twoFactorEnabled, pending: user.totpPendingSecret !== null, required: s.config.twoFactorRequired }, 200);
  });

  defineRoute(app, activateTwoFactorRoute, s.requireAuth, async (c, { body: { external_id, password } }) => {
    const user = await signedInUser(c, s);
    if (user.twoFactorEnabled && !c.get('session').g2fa) return secondFactorMissing(c);
    const attempt = await beginAttempt(c, s, 'signin', user.externalId);
    const own = external_id.toLowerCase() === user.externalId.toLowerCase();
    if (!(await verifyPassword(user.passwordHash, password)) || !own) throw new HttpError(400, 'server:incorrect_credentials');
    await attempt.succeeded();
    return c.json(await startActivation(s.db, user), 200);
  });

  defineRoute(app, completeTwoFactorRoute, s.requireAuth, async (c, { body: { one_time_password } }) => {
    // Its answer is a token: a superseded one must not get that far (see sessions.refresh).
    if (c.get('session').superseded) return unauthorized(c, 'revoked');
    const user = await signedInUser(c, s);
    const attempt = await beginAttempt(c, s, 'signin', user.externalId);
    const outcome = await completeActivation(s.db, user, one_time_password, now());
    if (outcome !== 'accepted') throw refusal(outcome);
    await attempt.succeeded();
    const token = await s.sessions.refresh(c.get('session'), true);
    return token === null ? unauthorized(c, 'revoked') : c.text(token, 200);
  });

  defineRoute(app, verifyTwoFactorRoute, async (c, { body: { external_id, password, one_time_password } }) => {
    const clientId = clientIdOf(c);
    const attempt = await beginAttempt(c, s, 'signin', external_id);
    const user = await findUserByExternalId(s.db, external_id);
    if (!(await verifyPassword(user?.passwordHash, password)) || !user) throw new HttpError(400, 'server:incorrect_credentials');
    await refuseMergedAccount(s, user.id);
    refuseRemoteDemoAccount(c, s.config, user);
    const outcome = await acceptCode(s.db, user, one_time_password, now());
    if (outcome !== 'accepted') throw refusal(outcome);
    await attempt.succeeded();
    const { token, sessionId } = await s.sessions.start(user.id, clientId, true);
    setXsrfCookie(c, s.xsrf.mint(sessionId));
    return c.text(token, 200);
  });

  defineRoute(app, deactivateTwoFactorRoute, s.requireAuth, async (c, { body: { password, one_time_password } }) => {
    const session = c.get('session');
    if (session.superseded) return unauthorized(c, 'revoked');
    if (!session.g2fa) return secondFactorMissing(c);
    const user = await signedInUser(c, s);
    const attempt = await beginAttempt(c, s, 'signin', user.externalId);
    const proven =
      one_time_password !== undefined
        ? (await acceptCode(s.db, user, one_time_password, now())) === 'accepted'
        : await verifyPassword(user.passwordHash, password ?? '');
    if (!proven) throw new HttpError(400, 'server:deactivate_proof_incorrect');
    await attempt.succeeded();
    await deactivate(s.db, session.userId);
    const token = await s.sessions.refresh(session, false);
    return token === null ? unauthorized(c, 'revoked') : c.text(token, 200);
  });

  defineRoute(app, checkTwoFactorRoute, s.requireAuth, async (c, { body: { one_time_password, course_id, item_id } }) => {
    const session = c.get('session');
    const user = await signedInUser(c, s);
    if (!user.twoFactorEnabled) throw refusal('not_enabled');
    const attempt = await beginAttempt(c, s, 'signin', user.externalId);
    const outcome = await acceptCode(s.db, user, one_time_password, now());
    await recordIdentityCheck(s.db, {
      userId: user.id,
      sessionId: session.sessionId,
      type: 'authenticator',
      outcome: outcome === 'accepted' ? 'success' : 'failure',
      courseId: course_id,
      itemId: item_id,
      at: new Date(now()),
    });
    if (outcome !== 'accepted') throw refusal(outcome);
    await attempt.succeeded();
    return c.body(null, 204);
  });
}
