import { useTranslation } from 'react-i18next';
import { isActiveLink, PATH, type NavLink } from '../../config/navigation';
import { NavAnchor } from './nav-anchor';
import { NavIcon } from './nav-icons';
import { UnreadDot } from './unread-dot';

export interface NavListProps {
  links: NavLink[];
  currentPath: string;
  unreadCount: number;
  onNavigate: (to: string) => void;
}

export function SideNav({ links, currentPath, unreadCount, onNavigate }: NavListProps) {
  const { t } = useTranslation();
  return (
    <nav className="side-nav" data-testid="side-nav" aria-label={t('layout:side_navigation')}>
      <ul>
        {links.map((l) => (
          <li key={l.link}>
            <NavAnchor
              to={l.link}
              onNavigate={onNavigate}
              className="side-nav__link"
              aria-current={isActiveLink(l.link, currentPath) ? 'page' : undefined}
            >
              <NavIcon name={l.icon} />
              <span className="side-nav__label">{t(l.titleKey)}</span>
              {l.link === PATH.notification ? <UnreadDot count={unreadCount} /> : null}
            </NavAnchor>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function BottomNav({ links, currentPath, unreadCount, onNavigate }: NavListProps) {
  const { t } = useTranslation();
  return (
    <nav className="bottom-nav" data-testid="bottom-nav" aria-label={t('layout:bottom_navigation')}>
      <ul>
        {links.map((l) => (
          <li key={l.link}>
            <NavAnchor
              to={l.link}
              onNavigate={onNavigate}
              className="bottom-nav__link"
              aria-current={isActiveLink(l.link, currentPath) ? 'page' : undefined}
            >
              <span className="bottom-nav__icon">
                <NavIcon name={l.icon} />
                {l.link === PATH.notification ? <UnreadDot count={unreadCount} /> : null}
              </span>
              <span className="bottom-nav__label">{t(l.titleKey)}</span>
            </NavAnchor>
          </li>
        ))}
      </ul>
    </nav>
  );
}
