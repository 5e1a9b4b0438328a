import { forgetPasswordRoute, loginRoute, logoutRoute, refreshRoute, resetPasswordRoute, simpleLoginRoute } from '../../src/api/schemas/sign-in.routes';
import { API_ERROR_CODE } from '../../src/api/schemas/error.schema';
import { unauthorized } from '../auth/bearer';
import { hashPassword, isCommonPassword, verifyPassword } from '../auth/password';
import type { AuthSession } from '../auth/sessions';
import { refuseMergedAccount } from '../domain/account-merge';
import { recordIdentityCheck } from '../domain/identity-checks';
import { consumeResetToken, findResetToken, requestPasswordReset } from '../domain/reset-password';
import { findUserByExternalId } from '../domain/users';
import { translate } from '../i18n/messages';
import { beginAttempt } from '../http/attempts';
import { clientIdOf } from '../http/client-id';
import { authOutcome, bearerToken, langOf } from '../http/context';
import { defineRoute } from '../http/define-route';
import { refuseRemoteDemoAccount } from '../http/demo-access';
import { HttpError } from '../http/errors';
import type { ApiApp, AppServices } from '../http/services';
import { setXsrfCookie } from '../http/xsrf.middleware';

/** With dry_run=1, the bearer's session (when one is sent) whose identity check this is. */
async function checkingSession(c: Parameters<typeof bearerToken>[0], s: AppServices): Promise<AuthSession | ReturnType<typeof unauthorized> | null> {
  if (bearerToken(c) === null) return null;
  const outcome = await authOutcome(c, s.sessions);
  // Evidence cannot be recorded for a session that does not stand: the client signs in again.
  return outcome.ok ? outcome.session : unauthorized(c, outcome.reason);
}

export function registerAuthRoutes(app: ApiApp, s: AppServices): void {
  for (const contract of [loginRoute, simpleLoginRoute]) {
    defineRoute(app, contract, async (c, { body: { external_id, password }, query: { dry_run, course_id, item_id } }) => {
      const clientId = clientIdOf(c);
      const dryRun = dry_run === '1';
      const checking = dryRun ? await checkingSession(c, s) : null;
      if (checking instanceof Response) return checking;

      // The account is read while the try is counted (ADR 064): the password is checked only once
      // the count allowed it, and a refused try's answer does not wait for, or depend on, the read.
      const lookup = findUserByExternalId(s.db, external_id);
      lookup.catch(() => undefined);
      const attempt = await beginAttempt(c, s, 'signin', external_id);
      const user = await lookup;
      const right = (await verifyPassword(user?.passwordHash, password)) && user !== undefined;
      if (checking) {
        // The identity check is passed by the session's own user only.
        const passed = right && user.id === checking.userId;
        await recordIdentityCheck(s.db, {
          userId: checking.userId,
          sessionId: checking.sessionId,
          type: 'password',
          outcome: passed ? 'success' : 'failure',
          courseId: course_id,
          itemId: item_id,
          at: new Date(s.clock.now()),
        });
        if (!passed) throw new HttpError(400, 'server:incorrect_credentials');
      }
      if (!right) throw new HttpError(400, 'server:incorrect_credentials');
      await refuseMergedAccount(s, user.id);
      refuseRemoteDemoAccount(c, s.config, user);
      if (dryRun) {
        await attempt.succeeded();
        return c.body(null, 204);
      }
      if (user.twoFactorEnabled) {
        // Not a failure, not yet a sign-in: the code decides (2fa/verify, counted there).
        await attempt.refund();
        throw new HttpError(403, 'server:otp_needed', {}, { code: API_ERROR_CODE.missingCredential });
      }
      // Independent writes, sent together (ADR 064): the try's count starts again, the session begins.
      const [, { token, sessionId }] = await Promise.all([attempt.succeeded(), s.sessions.start(user.id, clientId)]);
      setXsrfCookie(c, s.xsrf.mint(sessionId));
      return c.text(token, 200);
    });
  }

  defineRoute(app, refreshRoute, s.requireAuth, async (c) => {
    const token = await s.sessions.refresh(c.get('session'));
    // A token already superseded by a refresh may finish its requests, but never mint one.
    if (token === null) return unauthorized(c, 'revoked');
    return c.text(token, 200);
  });

  defineRoute(app, logoutRoute, s.requireAuth, async (c) => {
    await s.sessions.revoke(c.get('session').sessionId);
    return c.body(null, 204);
  });

  defineRoute(app, forgetPasswordRoute, async (c, { body: { external_id, email } }) => {
    // Whether an email went out cannot be told apart (no account enumeration): every request counts.
    await beginAttempt(c, s, 'reset', external_id);
    const lang = langOf(c);
    // Not awaited: the answer must take the same time whether or not an email goes out.
    s.tasks.run('forget_password', () =>
      requestPasswordReset(
        { db: s.db, mailer: s.mailer, clock: s.clock, appBaseUrl: s.config.appBaseUrl },
        { externalId: external_id, email, lang },
      ),
    );
    return c.text(translate(lang, 'server:reset_email_sent'), 200);
  });

  defineRoute(app, resetPasswordRoute, async (c, { body: { token, new_password } }) => {
    if (isCommonPassword(new_password)) throw new HttpError(400, 'validation:password_common');
    const found = await findResetToken(s.db, s.clock, token);
    const attempt = await beginAttempt(c, s, 'reset', found?.externalId ?? null);
    if (!found?.usable) throw new HttpError(400, 'server:reset_token_invalid');
    const userId = await consumeResetToken(s.db, s.clock, token, await hashPassword(new_password));
    if (userId === null) throw new HttpError(400, 'server:reset_token_invalid');
    await s.sessions.revokeAll(userId);
    await attempt.succeeded();
    // Whoever was guessing the old password, the owner can sign in with the new one at once.
    await s.rateLimiter.clearAccount('signin', found.externalId);
    return c.body(null, 204);
  });
}
