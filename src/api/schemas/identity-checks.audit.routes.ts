import { bearerSecurity, errorResponses, json, route } from '../route-contract';
import { auditIdentityChecksQuerySchema, auditIdentityChecksResponseSchema } from './identity-checks.audit.schema';

// ADR 018: the auditors' list of everyone's identity checks. A file of its own so that no page of
// the app imports it (route-coverage.test.ts lists it as server only): its schemas would put
// zod's date formats and object extension into the first page's bundle (ADR 008).

const common = { tags: ['identity-checks'], security: bearerSecurity } as const;

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
