import { bearerSecurity, errorResponses, json, route } from '../route-contract';
import { identityChecksQuerySchema, identityChecksResponseSchema } from './identity-checks.schema';

// ADR 018: continual-authentication evidence, the learner's own history (everyone's, for auditors,
// is identity-checks.audit.routes.ts: server only, kept out of the browser's import graph).

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
