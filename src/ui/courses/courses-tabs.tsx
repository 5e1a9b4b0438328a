import { useTranslation } from 'react-i18next';
import { NavAnchor } from '../layout/nav-anchor';

export const CATALOGUE_TABS = ['all', 'latest', 'ranking', 'recommended', 'mine', 'material', 'news'] as const;
export type CatalogueTab = (typeof CATALOGUE_TABS)[number];

export interface CoursesTabsProps {
  current: CatalogueTab | null;
  onNavigate: (to: string) => void;
}

/** Links between the catalogue pages (real links: each list is its own address). */
export function CoursesTabs({ current, onNavigate }: CoursesTabsProps) {
  const { t } = useTranslation();
  return (
    <nav className="catalogue-tabs" aria-label={t('courses:tabs_label')}>
      <ul>
        {CATALOGUE_TABS.map((tab) => (
          <li key={tab}>
            <NavAnchor
              to={`/courses/${tab}`}
              onNavigate={onNavigate}
              className={tab === current ? 'catalogue-tabs__tab catalogue-tabs__tab--current' : 'catalogue-tabs__tab'}
              aria-current={tab === current ? 'page' : undefined}
            >
              {t(`courses:tab.${tab}`)}
            </NavAnchor>
          </li>
        ))}
      </ul>
    </nav>
  );
}
