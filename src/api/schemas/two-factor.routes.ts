import { bearerSecurity, empty, errorResponses, json, route, text } from '../route-contract';
import { tokenTextSchema } from './sign-in.schema';
import {
  twoFactorActivatePayloadSchema,
  twoFactorActivationSchema,
  twoFactorCheckPayloadSchema,
  twoFactorCompletePayloadSchema,
  twoFactorDeactivatePayloadSchema,
  twoFactorInfoSchema,
  twoFactorVerifyPayloadSchema,
} from './two-factor.schema';

// ADR 018: two-factor (SPEC §4, §7: RFC 6238 codes), declared once for the server, the client and the document.

const signedIn = { tags: ['two-factor'], security: bearerSecurity } as const;
const tokenResponse = (description: string) => text(description, tokenTextSchema);

export const getTwoFactorInfoRoute = route({
  ...signedIn,
  method: 'get',
  path: '/api/auth/2fa/info',
  summary: 'Whether two-factor is on, an activation is pending, and the app requires it',
  responses: { 200: json('The two-factor state', twoFactorInfoSchema), ...errorResponses.unauthorized },
});

export const activateTwoFactorRoute = route({
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
});

export const completeTwoFactorRoute = route({
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
});

export const verifyTwoFactorRoute = route({
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
});

export const deactivateTwoFactorRoute = route({
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
});

export const checkTwoFactorRoute = route({
  ...signedIn,
  method: 'post',
  path: '/api/auth/2fa/check',
  summary: 'The authenticator check of the continual-authentication prompt; recorded as identity-check evidence',
  request: { body: twoFactorCheckPayloadSchema },
  responses: {
    204: empty('The code is right'),
    ...errorResponses.badRequest,
    ...errorResponses.unauthorized,
    ...errorResponses.forbidden,
    ...errorResponses.tooManyRequests,
  },
});
