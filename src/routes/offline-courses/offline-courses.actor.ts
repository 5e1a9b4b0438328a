import { fromPromise } from 'xstate';
import { listOfflineCourses } from '../../api/offline-courses.api';
import type { OfflineCourseCard } from '../../api/schemas/offline-courses.schema';
import type { PagedResponse } from '../../api/schemas/paged.schema';
import { createPagedListMachine } from '../../machines/paged-list/paged-list.machine';

/** The /offline list's query as the address carries it (empty values are no filter); `lang` reloads in a new language. */
export type OfflineCoursesQuery = { q?: string; venue?: string; from?: string; to?: string; status?: string; page: number; per_page: number; lang: string };

/** The classroom courses, one page at a time (ADR 019: the generic paged list with the real call). */
export const offlineCoursesMachine = createPagedListMachine<OfflineCourseCard, OfflineCoursesQuery>('offlineCourses').provide({
  actors: {
    loadPage: fromPromise<PagedResponse<OfflineCourseCard>, OfflineCoursesQuery>(({ input: { lang: _lang, status, ...query }, signal }) =>
      listOfflineCourses({ ...query, ...(status === 'open' || status === 'full' || status === 'closed' ? { status } : {}) }, { signal }),
    ),
  },
});
