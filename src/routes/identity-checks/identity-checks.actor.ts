import { fromPromise } from 'xstate';
import { listIdentityChecks } from '../../api/identity-checks.api';
import type { IdentityCheck } from '../../api/schemas/identity-checks.schema';
import type { PagedResponse } from '../../api/schemas/paged.schema';
import { createPagedListMachine } from '../../machines/paged-list/paged-list.machine';

/** The history's query: the page, and how many answers the server has checked so far. `answered`
 * is not sent: every answer is new evidence, so a new count asks for the page again. */
export type IdentityChecksListQuery = { page: number; per_page: number; answered: number };

/** The learner's own identity checks, one page at a time (any failure shows the page's own text). */
export const identityChecksMachine = createPagedListMachine<IdentityCheck, IdentityChecksListQuery>('identityChecks').provide({
  actors: {
    loadPage: fromPromise<PagedResponse<IdentityCheck>, IdentityChecksListQuery>(({ input: { page, per_page }, signal }) =>
      listIdentityChecks({ page, per_page }, { signal }),
    ),
  },
});
