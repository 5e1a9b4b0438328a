import { callRoute } from './call-route';
import type { IdentityChecksResponse } from './schemas/identity-checks.schema';
import { listIdentityChecksRoute } from './schemas/identity-checks.routes';

// The learner's own identity-check history (SPEC §7): the evidence continual authentication records.

export interface IdentityChecksParams {
  page?: number;
  per_page?: number;
}

/** GET identity-checks: the signed-in user's own checks, newest first; `signal` cancels the request. */
export function listIdentityChecks({ page, per_page }: IdentityChecksParams = {}, { signal }: { signal?: AbortSignal } = {}): Promise<IdentityChecksResponse> {
  return callRoute(listIdentityChecksRoute, { query: { page, per_page }, signal });
}
