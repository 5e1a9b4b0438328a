import { bearerSecurity, errorResponses, json, route } from '../route-contract';
import { auditIdentityChecksQuerySchema, auditIdentityChecksResponseSchema, identityChecksQuerySchema, identityChecksResponseSchema } from './identity-checks.schema';

// ADR 018: continual-authentication evidence, the learner's own history and everyone's for auditors.

const common = { tags: ['identity-checks'], security: bearerSecurity } as const;

export const listIdentityChecksRoute = route({
  ...common,
  method: 'get',
  path: '/api/identity-checks',
  summary: "The signed-in user's identity checks (password or authenticator prompts and their outcome), newest first",
  request: { query: identityChecksQuerySchema },
  responses: {
    200: json('A page of checks', identityChecksResponseSchema),
    ...errorResponses.badRequest,
    ...errorResponses.unauthorized,
    ...errorResponses.forbiddenOr('two-factor is required and this session has not passed it (code NotAuthenticated)'),
  },
});

/** Server only: an auditor's tool, no page of the app calls it (see route-coverage.test.ts). */
export const listAuditIdentityChecksRoute = route({
  ...common,
  method: 'get',
  path: '/api/audit/identity-checks',
  summary: "Everyone's identity checks with agent code and name, newest first (role auditor)",
  description: '`from` and `to` are inclusive; a bare date (YYYY-MM-DD) is a whole UTC day. `external_id` matches in any letter case.',
  request: { query: auditIdentityChecksQuerySchema },
  responses: {
    200: json('A page of checks', auditIdentityChecksResponseSchema),
    ...errorResponses.badRequest,
    ...errorResponses.unauthorized,
    ...errorResponses.forbiddenOr('the user is not an auditor'),
  },
});
