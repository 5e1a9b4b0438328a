import {
  auditIdentityChecksQuerySchema,
  auditIdentityChecksResponseSchema,
  identityChecksQuerySchema,
  identityChecksResponseSchema,
} from '../../src/api/schemas/identity-check.schema';
import { listAuditIdentityChecks, listOwnIdentityChecks } from '../domain/identity-checks';
import { findUserById } from '../domain/users';
import { defineLegacyRoute as defineRoute } from '../http/legacy-define-route';
import { HttpError } from '../http/errors';
import { bearerSecurity, errorResponses } from '../http/openapi';
import type { ApiApp, AppServices } from '../http/services';

const json = <T>(description: string, schema: T) => ({ description, content: { 'application/json': { schema } } });

/** Continual-authentication evidence: the learner's own history, and everyone's for auditors. */
export function registerIdentityCheckRoutes(app: ApiApp, s: AppServices): void {
  const common = { tags: ['identity-checks'], security: bearerSecurity, middleware: s.requireFullAuth };

  defineRoute(
    app,
    {
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
    },
    async (c, { query }) => c.json(await listOwnIdentityChecks(s.db, c.get('session').userId, query), 200),
  );

  defineRoute(
    app,
    {
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
    },
    async (c, { query }) => {
      const user = await findUserById(s.db, c.get('session').userId);
      if (!user) throw new HttpError(401, 'server:session_expired');
      if (user.role !== 'auditor') throw new HttpError(403, 'server:forbidden_role');
      return c.json(await listAuditIdentityChecks(s.db, query), 200);
    },
  );
}
