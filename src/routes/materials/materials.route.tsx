import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { MaterialsView } from '../../ui/materials/materials-view';
import { materialListMachine } from './materials.actor';
import { CoursesNamespace } from '../courses/courses-namespace';
import { compact, materialParams, pageOf, PER_PAGE } from '../courses/list-params';
import { usePagedList } from '../use-paged-list';
import { useListNavigation } from '../courses/use-list';

const FILTERS = ['q', 'type', 'language'] as const;

function MaterialPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const nav = useListNavigation(FILTERS);
  const filters = materialParams(nav.params);
  const page = pageOf(nav.params.get('page'));
  const { view, retry } = usePagedList(materialListMachine, { ...compact(filters), page, per_page: PER_PAGE, lang: i18n.language });
  return (
    <MaterialsView
      title={t('courses:material_title')}
      filters={filters}
      view={view}
      page={page}
      onFilter={nav.setFilter}
      onClear={nav.clear}
      onPage={nav.setPage}
      onRetry={retry}
      onNavigate={(to) => navigate(to)}
    />
  );
}

/** /courses/material: the material library; a material opens at /courses/material/:attachmentId. */
export default function MaterialRoute() {
  return (
    <CoursesNamespace>
      <MaterialPage />
    </CoursesNamespace>
  );
}
