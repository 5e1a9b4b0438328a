import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { OfflineCoursesView, type OfflineFilters } from '../../ui/offline-courses/offline-courses-view';
import { usePagedList } from '../use-paged-list';
import { offlineCoursesMachine, type OfflineCoursesQuery } from './offline-courses.actor';
import { OfflineNamespace } from './offline-courses-namespace';

export const PER_PAGE = 10;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const text = (value: string | null) => (value ?? '').trim().slice(0, 100);

/** The filters the address carries; a malformed value is no filter (never sent). */
export function filtersOf(params: URLSearchParams): OfflineFilters {
  const day = (name: string) => (DAY.test(params.get(name) ?? '') ? params.get(name)! : '');
  const status = params.get('status') ?? '';
  return { q: text(params.get('q')), venue: text(params.get('venue')), from: day('from'), to: day('to'), status: ['open', 'full', 'closed'].includes(status) ? status : '' };
}

function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function OfflineCoursesPage() {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const page = pageOf(params.get('page'));
  const query: OfflineCoursesQuery = { page, per_page: PER_PAGE, lang: i18n.language };
  for (const [k, v] of Object.entries(filters)) if (v) query[k as keyof OfflineFilters] = v;
  const { view, retry } = usePagedList(offlineCoursesMachine, query);
  const write = (next: OfflineFilters, nextPage = 1) => {
    const out = new URLSearchParams();
    for (const [k, v] of Object.entries(next)) if (v) out.set(k, v);
    if (nextPage > 1) out.set('page', String(nextPage));
    setParams(out);
  };
  return (
    <OfflineCoursesView
      view={view}
      filters={filters}
      page={page}
      onSearch={(next) => write(next)}
      onPage={(next) => write(filters, next)}
      onRetry={retry}
      onOpen={(courseId) => navigate(`/offline/${courseId}`)}
    />
  );
}

/** /offline: the classroom courses with search, filters and paging (SPEC §2). */
export default function OfflineCoursesRoute() {
  return (
    <OfflineNamespace>
      <OfflineCoursesPage />
    </OfflineNamespace>
  );
}
