import { useTranslation } from 'react-i18next';
import type { CourseCard, CourseList, DepartmentList } from '../../api/schemas/courses.schema';
import { COURSE_KINDS } from '../../config/constants';
import type { PagedListView } from '../../machines/paged-list/paged-list.selectors';
import { CoursesTabs, type CatalogueTab } from './courses-tabs';
import { CourseGrid } from './course-grid';
import { ListFilters, type FilterSelect } from './list-filters';
import { ListState } from './list-state';
import { Pagination } from './pagination';
import './courses.css';

/** The filters a catalogue page offers; '' means none. */
export interface CatalogueFilters {
  q: string;
  kind: string;
  department: string;
  status: string;
}

export interface CoursesViewProps {
  list: CourseList;
  /** The page heading (the route's title). */
  title: string;
  filters: CatalogueFilters;
  /** Department choices; null until they arrive (the filter then offers "all" only). */
  departments: DepartmentList | null;
  /** null: nothing asked yet (a search without words). */
  view: PagedListView<CourseCard> | null;
  page: number;
  onFilter: (name: keyof CatalogueFilters, value: string) => void;
  onClear: () => void;
  onPage: (page: number) => void;
  onRetry: () => void;
  onNavigate: (to: string) => void;
}

const TAB_OF: Partial<Record<CourseList, CatalogueTab>> = { all: 'all', latest: 'latest', ranking: 'ranking', recommended: 'recommended', mine: 'mine' };

/** Every course list page: tabs, filters, the cards with their states, and the pages. */
export function CoursesView(p: CoursesViewProps) {
  const { t } = useTranslation();
  const selects: FilterSelect[] = [];
  // The recommended list is one kind already.
  if (p.list !== 'recommended') {
    selects.push({
      name: 'kind',
      label: t('courses:filter_kind'),
      value: p.filters.kind,
      anyLabel: t('courses:any_kind'),
      options: COURSE_KINDS.map((k) => ({ value: k, label: t(`courses:kind.${k}`) })),
    });
  }
  selects.push({
    name: 'department',
    label: t('courses:filter_department'),
    value: p.filters.department,
    anyLabel: t('courses:any_department'),
    // By id: the address stays valid when the interface language changes.
    options: (p.departments ?? []).map((d) => ({ value: d.id, label: d.name })),
  });
  if (p.list === 'mine') {
    selects.push({
      name: 'status',
      label: t('courses:filter_status'),
      value: p.filters.status,
      anyLabel: t('courses:any_status'),
      options: (['in_progress', 'completed'] as const).map((s) => ({ value: s, label: t(`courses:status.${s}`) })),
    });
  }
  const result = p.view?.result ?? null;

  return (
    <section className="catalogue-view" aria-labelledby="catalogue-title">
      <h1 id="catalogue-title">{p.title}</h1>
      {p.list === 'search' ? null : <CoursesTabs current={TAB_OF[p.list] ?? null} onNavigate={p.onNavigate} />}
      <ListFilters
        search={{ value: p.filters.q, label: p.list === 'search' ? t('courses:search_title') : t('courses:search_label'), placeholder: t('courses:search_placeholder'), maxLength: 100 }}
        selects={selects}
        onChange={(name, value) => p.onFilter(name as keyof CatalogueFilters, value)}
        onClear={p.onClear}
      />
      {p.view === null ? (
        <p className="list-state__empty">{t('courses:search_hint')}</p>
      ) : (
        <>
          {p.list === 'search' && p.filters.q ? <p className="catalogue-view__results">{t('courses:search_results', { q: p.filters.q })}</p> : null}
          <ListState
            status={p.view.status}
            failure={p.view.failure}
            loadingText={t('courses:loading_courses')}
            emptyText={p.list === 'mine' && !p.filters.q && !p.filters.kind && !p.filters.department && !p.filters.status ? t('courses:empty_mine') : t('courses:empty')}
            failedText={t('courses:load_failed')}
            onRetry={p.onRetry}
          >
            {result && result.data.length > 0 ? (
              <CourseGrid
                courses={result.data}
                firstRank={p.list === 'ranking' ? (result.page - 1) * result.per_page + 1 : undefined}
                onNavigate={p.onNavigate}
              />
            ) : null}
          </ListState>
          <Pagination page={p.page} pages={p.view.pages} onPage={p.onPage} />
        </>
      )}
    </section>
  );
}
