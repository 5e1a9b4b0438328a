import { useTranslation } from 'react-i18next';
import type { Material } from '../../api/schemas/materials.schema';
import { ATTACHMENT_TYPES, MATERIAL_LANGUAGES } from '../../config/constants';
import type { PagedListView } from '../../machines/paged-list/paged-list.selectors';
import { NavAnchor } from '../layout/nav-anchor';
import { CoursesTabs } from '../courses/courses-tabs';
import { coursePath } from '../courses/course-card';
import { formatNumber, formatSize } from '../courses/format';
import { ListFilters } from '../courses/list-filters';
import { ListState } from '../courses/list-state';
import { Pagination } from '../courses/pagination';
import { TypeIcon } from '../courses/type-icon';
import '../courses/courses.css';

export interface MaterialFilters {
  q: string;
  type: string;
  language: string;
}

export interface MaterialsViewProps {
  title: string;
  filters: MaterialFilters;
  view: PagedListView<Material>;
  page: number;
  onFilter: (name: keyof MaterialFilters, value: string) => void;
  onClear: () => void;
  onPage: (page: number) => void;
  onRetry: () => void;
  onNavigate: (to: string) => void;
}

export const materialPath = (id: string) => `/courses/material/${encodeURIComponent(id)}`;

/** The material library: every attachment a learner may open, filtered by type and language. */
export function MaterialsView(p: MaterialsViewProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const rows = p.view.result?.data ?? [];
  return (
    <section className="catalogue-view" aria-labelledby="material-title">
      <h1 id="material-title">{p.title}</h1>
      <CoursesTabs current="material" onNavigate={p.onNavigate} />
      <ListFilters
        search={{ value: p.filters.q, label: t('courses:search_label'), maxLength: 100 }}
        selects={[
          {
            name: 'type',
            label: t('courses:filter_type'),
            value: p.filters.type,
            anyLabel: t('courses:any_type'),
            options: ATTACHMENT_TYPES.map((type) => ({ value: type, label: t(`courses:type.${type}`) })),
          },
          {
            name: 'language',
            label: t('courses:filter_language'),
            value: p.filters.language,
            anyLabel: t('courses:any_language'),
            options: MATERIAL_LANGUAGES.map((l) => ({ value: l, label: t(`courses:language.${l}`) })),
          },
        ]}
        onChange={(name, value) => p.onFilter(name as keyof MaterialFilters, value)}
        onClear={p.onClear}
      />
      <ListState
        status={p.view.status}
        failure={p.view.failure}
        loadingText={t('courses:loading_materials')}
        emptyText={t('courses:material_empty')}
        failedText={t('courses:load_failed')}
        onRetry={p.onRetry}
      >
        {rows.length > 0 ? (
          <ul className="material-list" data-testid="material-list">
            {rows.map((m) => (
              <li key={m.id} className="material-row" data-testid="material-row">
                <TypeIcon type={m.type} />
                <div className="material-row__main">
                  <NavAnchor className="material-row__name" to={materialPath(m.id)} onNavigate={p.onNavigate}>
                    {m.name}
                  </NavAnchor>
                  <span className="material-row__course">
                    {m.course_id && m.course_title ? (
                      <NavAnchor to={coursePath(m.course_id)} onNavigate={p.onNavigate}>
                        {t('courses:material_course', { title: m.course_title })}
                      </NavAnchor>
                    ) : (
                      t('courses:material_no_course')
                    )}
                  </span>
                </div>
                <span className="material-row__facts">
                  <span className="course-badge" lang={m.language}>
                    {t(`courses:language.${m.language}`)}
                  </span>
                  <span>{formatSize(m.size, lang)}</span>
                  <span className={m.liked ? 'course-card__liked' : undefined}>{t('courses:likes', { count: formatNumber(m.likes, lang) })}</span>
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </ListState>
      <Pagination page={p.page} pages={p.view.pages} onPage={p.onPage} />
    </section>
  );
}
