import type { Context } from 'hono';
import { tokenTextSchema } from '../../src/api/schemas/sign-in.schema';
import {
  twoFactorActivatePayloadSchema,
  twoFactorActivationSchema,
  twoFactorCheckPayloadSchema,
  twoFactorCompletePayloadSchema,
  twoFactorDeactivatePayloadSchema,
  twoFactorInfoSchema,
  twoFactorVerifyPayloadSchema,
} from '../../src/api/schemas/two-factor.schema';
import { secondFactorMissing, unauthorized } from '../auth/bearer';
import { verifyPassword } from '../auth/password';
import { recordIdentityCheck } from '../domain/identity-checks';
import { acceptCode, completeActivation, deactivate, startActivation, type CodeOutcome } from '../domain/two-factor';
import { findUserByExternalId, findUserById } from '../domain/users';
import type { UserRow } from '../db/schema';
import { beginAttempt } from '../http/attempts';
import type { AppEnv } from '../http/context';
import { clientIdOf } from '../http/client-id';
import { defineLegacyRoute as defineRoute } from '../http/legacy-define-route';
import { HttpError } from '../http/errors';
import { bearerSecurity, errorResponses } from '../http/openapi';
import type { ApiApp, AppServices } from '../http/services';
import { setXsrfCookie } from '../http/xsrf.middleware';

const json = <T>(description: string, schema: T) => ({ description, content: { 'application/json': { schema } } });
const tokenResponse = (description: string) => ({ description, content: { 'text/plain': { schema: tokenTextSchema } } });

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
  const signedIn = { tags: ['two-factor'], security: bearerSecurity, middleware: s.requireAuth };
  const now = () => s.clock.now();

  defineRoute(
    app,
    {
      ...signedIn,
      method: 'get',
      path: '/api/auth/2fa/info',
      summary: "Whether two-factor is on, an activation is pending, and the app requires it",
      responses: { 200: json('The two-factor state', twoFactorInfoSchema), ...errorResponses.unauthorized },
    },
    async (c) => {
      const user = await signedInUser(c, s);
      return c.json({ enabled: user.twoFactorEnabled, pending: user.totpPendingSecret !== null, required: s.config.twoFactorRequired }, 200);
    },
  );

  defineRoute(
    app,
    {
      ...signedIn,
      method: 'post',
      path: '/api/auth/2fa/activate',
      summary: 'A new pending secret: as text, as an otpauth:// URL and as an SVG QR code',
      description:
        "The body is the signed-in user's own agent code and password (400 otherwise; failures count towards the rate limit). " +
        'With two-factor already on, only a session that passed it may replace the secret (403 NotAuthenticated).',
      request: { body: twoFactorActivatePayloadSchema },
      responses: {
        200: json('The pending secret; 2fa/complete with its first code turns it on', twoFactorActivationSchema),
        ...errorResponses.badRequest,
        ...errorResponses.unauthorized,
        ...errorResponses.forbiddenOr('two-factor is on and this session has not passed it (code NotAuthenticated)'),
        ...errorResponses.tooManyRequests,
      },
    },
    async (c, { body: { external_id, password } }) => {
      const user = await signedInUser(c, s);
      if (user.twoFactorEnabled && !c.get('session').g2fa) return secondFactorMissing(c);
      const attempt = await beginAttempt(c, s, 'signin', user.externalId);
      const own = external_id.toLowerCase() === user.externalId.toLowerCase();
      if (!(await verifyPassword(user.passwordHash, password)) || !own) throw new HttpError(400, 'server:incorrect_credentials');
      await attempt.succeeded();
      return c.json(await startActivation(s.db, user), 200);
    },
  );

  defineRoute(
    app,
    {
      ...signedIn,
      method: 'post',
      path: '/api/auth/2fa/complete',
      summary: 'The first code of the pending secret turns two-factor on; answers a token with g2fa for this session',
      request: { body: twoFactorCompletePayloadSchema },
      responses: {
        200: tokenResponse('The JWT (g2fa true), as plain text'),
        ...errorResponses.badRequest,
        ...errorResponses.unauthorized,
        ...errorResponses.forbidden,
        ...errorResponses.tooManyRequests,
      },
    },
    async (c, { body: { one_time_password } }) => {
      // Its answer is a token: a superseded one must not get that far (see sessions.refresh).
      if (c.get('session').superseded) return unauthorized(c, 'revoked');
      const user = await signedInUser(c, s);
      const attempt = await beginAttempt(c, s, 'signin', user.externalId);
      const outcome = await completeActivation(s.db, user, one_time_password, now());
      if (outcome !== 'accepted') throw refusal(outcome);
      await attempt.succeeded();
      const token = await s.sessions.refresh(c.get('session'), true);
      return token === null ? unauthorized(c, 'revoked') : c.text(token, 200);
    },
  );

  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/auth/2fa/verify',
      tags: ['two-factor'],
      summary: 'Sign in with agent code, password and code; answers a token with g2fa (a new session)',
      description: 'Sends X-Client-Id like login. Wrong password or code → 400; failures count towards the rate limit (429).',
      request: { body: twoFactorVerifyPayloadSchema },
      responses: {
        200: tokenResponse('The JWT (g2fa true), as plain text'),
        ...errorResponses.badRequest,
        ...errorResponses.forbidden,
        ...errorResponses.tooManyRequests,
      },
    },
    async (c, { body: { external_id, password, one_time_password } }) => {
      const clientId = clientIdOf(c);
      const attempt = await beginAttempt(c, s, 'signin', external_id);
      const user = await findUserByExternalId(s.db, external_id);
      if (!(await verifyPassword(user?.passwordHash, password)) || !user) throw new HttpError(400, 'server:incorrect_credentials');
      const outcome = await acceptCode(s.db, user, one_time_password, now());
      if (outcome !== 'accepted') throw refusal(outcome);
      await attempt.succeeded();
      const { token, sessionId } = await s.sessions.start(user.id, clientId, true);
      setXsrfCookie(c, s.xsrf.mint(sessionId));
      return c.text(token, 200);
    },
  );

  defineRoute(
    app,
    {
      ...signedIn,
      method: 'delete',
      path: '/api/auth/2fa/deactivate',
      summary: 'Turns two-factor off with the password or a current code; answers a token without g2fa (the client then signs out)',
      description:
        'The body proves the owner is there (OWASP ASVS 7.5.1): `password` or `one_time_password` (a code is accepted once). ' +
        'Wrong → 400 and two-factor stays on; failures count towards the rate limit (429).',
      request: { body: twoFactorDeactivatePayloadSchema },
      responses: {
        200: tokenResponse('The JWT (no g2fa), as plain text'),
        ...errorResponses.badRequest,
        ...errorResponses.unauthorized,
        ...errorResponses.forbiddenOr('this session has not passed two-factor (code NotAuthenticated)'),
        ...errorResponses.tooManyRequests,
      },
    },
    async (c, { body: { password, one_time_password } }) => {
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
    },
  );

  defineRoute(
    app,
    {
      ...signedIn,
      method: 'post',
      path: '/api/auth/2fa/check',
      summary: 'The authenticator check of the continual-authentication prompt; recorded as identity-check evidence',
      request: { body: twoFactorCheckPayloadSchema },
      responses: {
        204: { description: 'The code is right' },
        ...errorResponses.badRequest,
        ...errorResponses.unauthorized,
        ...errorResponses.forbidden,
        ...errorResponses.tooManyRequests,
      },
    },
    async (c, { body: { one_time_password, course_id, item_id } }) => {
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
    },
  );
}
