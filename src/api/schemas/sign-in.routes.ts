import { bearerSecurity, empty, errorResponses, route, text } from '../route-contract';
import { forgetPasswordPayloadSchema, forgetPasswordResponseSchema, loginPayloadSchema, loginQuerySchema, resetPasswordPayloadSchema, tokenTextSchema } from './sign-in.schema';

// ADR 018: signing in and out, the token's refresh and the forgotten password, declared once for
// the server, the client and the document.

const tokenResponse = text('The JWT, as plain text', tokenTextSchema);

/** login and simple_login are the same operation under two paths. Two success statuses: the call says which it expects. */
function signInRoute<const P extends string>(path: P, summary: string) {
  return route({
    method: 'post',
    path,
    tags: ['auth'],
    summary,
    description:
      'Sends X-Client-Id (UUID) to tie the session to this browser. With dry_run=1 only the credentials are checked (204); ' +
      'with a bearer token too, the check is recorded as identity-check evidence (type password, with course_id and item_id). ' +
      'Wrong agent code or password → 400 (not 401: the client turns any 401 into a sign-in redirect). ' +
      'Right password of an account with two-factor on → 403 code MissingCredential: sign in with 2fa/verify. ' +
      'Too many failures for the account or the address → 429 code RateLimited with Retry-After, before the password is checked.',
    request: { query: loginQuerySchema, body: loginPayloadSchema },
    responses: {
      200: tokenResponse,
      204: empty('dry_run=1: the credentials are right; nothing issued'),
      ...errorResponses.badRequest,
      ...errorResponses.unauthorized,
      ...errorResponses.forbiddenOr('the account has two-factor on and the password is right (code MissingCredential)'),
      ...errorResponses.tooManyRequests,
    },
  });
}

export const loginRoute = signInRoute('/api/auth/login', 'Sign in with agent code and password; answers the JWT as text');
export const simpleLoginRoute = signInRoute('/api/auth/simple_login', 'Same as login');

export const refreshRoute = route({
  method: 'post',
  path: '/api/auth/refresh',
  tags: ['auth'],
  summary: 'A new token for the same session; the previous one keeps working for 30 s, but cannot refresh (401)',
  security: bearerSecurity,
  responses: { 200: tokenResponse, ...errorResponses.unauthorized, ...errorResponses.forbidden },
});

export const logoutRoute = route({
  method: 'post',
  path: '/api/auth/logout',
  tags: ['auth'],
  summary: 'Ends the session: every token of it is refused from now on',
  security: bearerSecurity,
  responses: { 204: empty('Signed out'), ...errorResponses.unauthorized, ...errorResponses.forbidden },
});

export const forgetPasswordRoute = route({
  method: 'post',
  path: '/api/auth/forget_password',
  tags: ['auth'],
  summary: 'Emails a single-use reset link (1 h) when the agent code and email match; same answer either way',
  description: 'Every request counts against the agent code and the address (429 over the limit).',
  request: { body: forgetPasswordPayloadSchema },
  responses: {
    200: text('A translated confirmation text', forgetPasswordResponseSchema),
    ...errorResponses.badRequest,
    ...errorResponses.forbidden,
    ...errorResponses.tooManyRequests,
  },
});

export const resetPasswordRoute = route({
  method: 'post',
  path: '/api/auth/reset_password',
  tags: ['auth'],
  summary: "Sets a new password with the forgot-password email's token (single use, 1 h); ends every session",
  description: 'The password follows SPEC §5 and is not a common one; password_reset becomes true. Unknown, used or expired token → 400.',
  request: { body: resetPasswordPayloadSchema },
  responses: {
    204: empty('The password is set'),
    ...errorResponses.badRequest,
    ...errorResponses.forbidden,
    ...errorResponses.tooManyRequests,
  },
});
