import { useCallback, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches, useNavigate } from 'react-router-dom';
import type { CourseList, DepartmentList } from '../../api/schemas/courses.schema';
import { CoursesView } from '../../ui/courses/courses-view';
import { navTitles, routeTitle } from '../layout/page-title';
import { viewportWidth } from '../../i18n';
import { catalogueMachine, departmentsMachine } from './courses.actor';
import { CoursesNamespace } from './courses-namespace';
import { catalogueParams, catalogueQuery, type CatalogueParams } from './list-params';
import { usePagedList } from '../use-paged-list';
import { useListNavigation } from './use-list';

const FILTERS = ['q', 'kind', 'department', 'status'] as const;

/** The department filter's choices in the interface language; none if they cannot be read
 * (the list still works, the filter offers "all" only). */
function useDepartments(lang: string): DepartmentList | null {
  const { view } = usePagedList(departmentsMachine, { lang });
  return view.result?.data ?? null;
}

interface PageProps {
  list: CourseList;
  title: string;
  filters: CatalogueParams;
  /** What the list asks the server (catalogueQuery: the loader started the same request). */
  query: NonNullable<ReturnType<typeof catalogueQuery>>;
  lang: string;
  departments: DepartmentList | null;
  nav: ReturnType<typeof useListNavigation>;
}

function CatalogueList({ list, title, filters, query, lang, departments, nav }: PageProps) {
  const navigate = useNavigate();
  const { view, retry } = usePagedList(catalogueMachine, { list, ...query, lang });
  // The same function on every render, so the cards (a memoised grid) are not drawn again.
  const onNavigate = useCallback((to: string) => navigate(to), [navigate]);
  return (
    <CoursesView
      list={list}
      title={title}
      filters={filters}
      departments={departments}
      view={view}
      page={query.page}
      onFilter={nav.setFilter}
      onClear={nav.clear}
      onPage={nav.setPage}
      onRetry={retry}
      onNavigate={onNavigate}
    />
  );
}

function CataloguePage({ list }: { list: CourseList }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const nav = useListNavigation(FILTERS);
  const filters = catalogueParams(list, nav.params);
  const query = catalogueQuery(list, nav.params);
  const departments = useDepartments(i18n.language);
  const matches = useMatches();
  const title = list === 'search' ? t('courses:search_title') : routeTitle(matches, i18n.language, viewportWidth(), navTitles(i18n));

  // The search list needs words: until then there is nothing to ask the server.
  if (query === null) {
    return (
      <CoursesView
        list={list}
        title={title}
        filters={filters}
        departments={departments}
        view={null}
        page={1}
        onFilter={nav.setFilter}
        onClear={nav.clear}
        onPage={nav.setPage}
        onRetry={() => undefined}
        onNavigate={(to) => navigate(to)}
      />
    );
  }
  return <CatalogueList list={list} title={title} filters={filters} query={query} lang={i18n.language} departments={departments} nav={nav} />;
}

const routes = new Map<CourseList, ComponentType>();

/** The page component of one course list (the same component each time, so React keeps it). */
export function catalogueRoute(list: CourseList): ComponentType {
  let route = routes.get(list);
  if (!route) {
    route = function CatalogueRoute() {
      return (
        <CoursesNamespace>
          <CataloguePage list={list} />
        </CoursesNamespace>
      );
    };
    routes.set(list, route);
  }
  return route;
}
