import {
  forgetPasswordPayloadSchema,
  forgetPasswordResponseSchema,
  loginPayloadSchema,
  loginQuerySchema,
  tokenTextSchema,
} from '../../src/api/schemas/auth.schema';
import { HEADER } from '../../src/config/constants';
import { verifyPassword } from '../auth/password';
import { requestPasswordReset } from '../domain/password-reset';
import { findUserByExternalId } from '../domain/users';
import { translate } from '../i18n/messages';
import { langOf } from '../http/context';
import { defineRoute, type RouteSpec } from '../http/define-route';
import { HttpError } from '../http/errors';
import { bearerSecurity, errorResponses } from '../http/openapi';
import type { ApiApp, AppServices } from '../http/services';
import { setXsrfCookie } from '../http/xsrf.middleware';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const tokenResponse = { description: 'The JWT, as plain text', content: { 'text/plain': { schema: tokenTextSchema } } };

function loginRoute(path: string, summary: string) {
  return {
    method: 'post',
    path,
    tags: ['auth'],
    summary,
    description:
      'Sends X-Client-Id (UUID) to tie the session to this browser. With dry_run=1 only the credentials are checked (204). ' +
      'Wrong agent code or password → 400 (not 401: the client turns any 401 into a sign-in redirect).',
    request: { query: loginQuerySchema, body: loginPayloadSchema },
    responses: {
      200: tokenResponse,
      204: { description: 'dry_run=1: the credentials are right; nothing issued' },
      ...errorResponses.badRequest,
      ...errorResponses.forbidden,
    },
  } satisfies RouteSpec;
}

const refreshRoute = (s: AppServices): RouteSpec => ({
  method: 'post',
  middleware: s.requireAuth,
  path: '/api/auth/refresh',
  tags: ['auth'],
  summary: 'A new token for the same session; the previous one keeps working for 30 s',
  security: bearerSecurity,
  responses: { 200: tokenResponse, ...errorResponses.unauthorized, ...errorResponses.forbidden },
});

const logoutRoute = (s: AppServices): RouteSpec => ({
  method: 'post',
  middleware: s.requireAuth,
  path: '/api/auth/logout',
  tags: ['auth'],
  summary: 'Ends the session: every token of it is refused from now on',
  security: bearerSecurity,
  responses: { 204: { description: 'Signed out' }, ...errorResponses.unauthorized, ...errorResponses.forbidden },
});

const forgetPasswordRoute = {
  method: 'post',
  path: '/api/auth/forget_password',
  tags: ['auth'],
  summary: 'Emails a single-use reset link (1 h) when the agent code and email match; same answer either way',
  request: { body: forgetPasswordPayloadSchema },
  responses: {
    200: { description: 'A translated confirmation text', content: { 'text/plain': { schema: forgetPasswordResponseSchema } } },
    ...errorResponses.badRequest,
    ...errorResponses.forbidden,
  },
} satisfies RouteSpec;

export function registerAuthRoutes(app: ApiApp, s: AppServices): void {
  for (const [path, summary] of [
    ['/api/auth/login', 'Sign in with agent code and password; answers the JWT as text'],
    ['/api/auth/simple_login', 'Same as login'],
  ] as const) {
    defineRoute(app, loginRoute(path, summary), async (c, { body: { external_id, password }, query: { dry_run } }) => {
      const clientId = c.req.header(HEADER.clientId)?.trim() || null;
      if (clientId !== null && !UUID.test(clientId)) throw new HttpError(400, 'server:client_id_invalid');
      const user = await findUserByExternalId(s.db, external_id);
      if (!(await verifyPassword(user?.passwordHash, password)) || !user) throw new HttpError(400, 'server:incorrect_credentials');
      if (dry_run === '1') return c.body(null, 204);
      const { token, sessionId } = await s.sessions.start(user.id, clientId?.toLowerCase() ?? null);
      setXsrfCookie(c, s.xsrf.mint(sessionId));
      return c.text(token, 200);
    });
  }

  defineRoute(app, refreshRoute(s), async (c) => {
    const token = await s.sessions.refresh(c.get('session'));
    return c.text(token, 200);
  });

  defineRoute(app, logoutRoute(s), async (c) => {
    await s.sessions.revoke(c.get('session').sessionId);
    return c.body(null, 204);
  });

  defineRoute(app, forgetPasswordRoute, (c, { body: { external_id, email } }) => {
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
}
