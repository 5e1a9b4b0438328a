import { API_ERROR_CODE } from '../../src/api/schemas/error.schema';
import { listAuditIdentityChecksRoute } from '../../src/api/schemas/identity-checks.audit.routes';
import { listIdentityChecksRoute } from '../../src/api/schemas/identity-checks.routes';
import { listAuditIdentityChecks, listOwnIdentityChecks } from '../domain/identity-checks';
import { defineRoute } from '../http/define-route';
import { HttpError } from '../http/errors';
import type { ApiApp, AppServices } from '../http/services';

/** Continual-authentication evidence: the learner's own history, and everyone's for auditors. */
export function registerIdentityCheckRoutes(app: ApiApp, s: AppServices): void {
  defineRoute(app, listIdentityChecksRoute, s.requireFullAuth, async (c, { query }) => c.json(await listOwnIdentityChecks(s.db, c.get('session').userId, query), 200));

  defineRoute(app, listAuditIdentityChecksRoute, s.requireFullAuth, async (c, { query }) => {
    // The role as the session check read it, in the same query as the token (ADR 037): not a second read of the user.
    if (c.get('session').user.role !== 'auditor') throw new HttpError(403, 'server:forbidden_role', {}, { code: API_ERROR_CODE.forbidden });
    return c.json(await listAuditIdentityChecks(s.db, query), 200);
  });
}
