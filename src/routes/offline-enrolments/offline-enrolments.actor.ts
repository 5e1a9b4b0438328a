import { fromPromise } from 'xstate';
import { listMyOfflineEnrolments } from '../../api/offline-enrolments.api';
import type { OfflineEnrolment } from '../../api/schemas/offline-enrolments.schema';
import type { PagedResponse } from '../../api/schemas/paged.schema';
import { createPagedListMachine } from '../../machines/paged-list/paged-list.machine';

export type MyOfflineEnrolmentsListQuery = { status?: string; page: number; per_page: number; lang: string };

const STATUSES = ['pending', 'confirmed', 'rejected', 'waiting', 'cancelled'] as const;
const statusOf = (value: string | undefined) => STATUSES.find((s) => s === value);

/** The learner's enrolments and history, one page at a time (the generic paged list with the real call). */
export const offlineEnrolmentsMachine = createPagedListMachine<OfflineEnrolment, MyOfflineEnrolmentsListQuery>('offlineEnrolments').provide({
  actors: {
    loadPage: fromPromise<PagedResponse<OfflineEnrolment>, MyOfflineEnrolmentsListQuery>(({ input: { status, page, per_page }, signal }) => {
      const known = statusOf(status);
      return listMyOfflineEnrolments({ page, per_page, ...(known ? { status: known } : {}) }, { signal });
    }),
  },
});
