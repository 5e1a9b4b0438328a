import { useTranslation } from 'react-i18next';
import { isActiveLink, type NavLink } from '../../config/navigation';
import { NavAnchor } from './nav-anchor';

export interface CourseNavBarProps {
  items: NavLink[];
  currentPath: string;
  onNavigate: (to: string) => void;
}

/** SPEC §2: the course navigation bar; a disabled item is greyed and not clickable. */
export function CourseNavBar({ items, currentPath, onNavigate }: CourseNavBarProps) {
  const { t } = useTranslation();
  return (
    <nav className="course-nav" data-testid="course-nav" aria-label={t('layout:course_navigation')}>
      <ul>
        {items.map((item) => (
          <li key={item.link}>
            {item.disabled ? (
              <span
                className="course-nav__item course-nav__item--disabled"
                aria-disabled="true"
                title={t('layout:offline_unavailable')}
              >
                {t(item.titleKey)}
              </span>
            ) : (
              <NavAnchor
                to={item.link}
                onNavigate={onNavigate}
                className="course-nav__item"
                aria-current={isActiveLink(item.link, currentPath) ? 'page' : undefined}
              >
                {t(item.titleKey)}
              </NavAnchor>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
