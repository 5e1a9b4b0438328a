import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PATH, type NavLink } from '../../config/navigation';
import { Button } from '../primitives/button';
import { CourseNavBar } from './course-nav-bar';
import { LogoMark } from './logo-mark';
import { NavAnchor } from './nav-anchor';
import { NavIcon } from './nav-icons';
import { UserBadge, type LayoutUser } from './user-badge';

export function MenuButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button variant="ghost" className="menu-button" data-testid="menu-button" aria-label={t('layout:open_menu')} aria-haspopup="dialog" onClick={onClick}>
      <NavIcon name="menu" />
    </Button>
  );
}

export function BackButton({ onBack, compact = false }: { onBack: () => void; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Button variant="ghost" className="back-button" data-testid="back-button" onClick={onBack} aria-label={compact ? t('layout:back') : undefined}>
      <NavIcon name="back" />
      {compact ? null : <span>{t('layout:back')}</span>}
    </Button>
  );
}

export interface DesktopHeaderProps {
  user: LayoutUser | null;
  showMenuButton: boolean;
  onMenu: () => void;
  showBackButton: boolean;
  onBack: () => void;
  showCourseNav: boolean;
  courseNavItems: NavLink[];
  currentPath: string;
  onNavigate: (to: string) => void;
}

/** SPEC §2: 80 px header: company icon, back button or course navigation bar, user's name and icon. */
export function DesktopHeader(p: DesktopHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="desktop-header" data-testid="desktop-header">
      {p.showMenuButton ? <MenuButton onClick={p.onMenu} /> : null}
      <NavAnchor to={PATH.main} onNavigate={p.onNavigate} className="desktop-header__logo" aria-label={t('layout:company_home')}>
        <LogoMark size={48} />
      </NavAnchor>
      <div className="desktop-header__middle">
        {p.showBackButton ? <BackButton onBack={p.onBack} /> : null}
        {p.showCourseNav ? <CourseNavBar items={p.courseNavItems} currentPath={p.currentPath} onNavigate={p.onNavigate} /> : null}
      </div>
      {p.user ? <UserBadge user={p.user} onNavigate={p.onNavigate} /> : null}
    </header>
  );
}

export interface MobileHeaderProps {
  title: string;
  showBackButton: boolean;
  onBack: () => void;
  showMenuButton: boolean;
  onMenu: () => void;
  rightAction?: ReactNode;
}

/** SPEC §2: phone header with a title, a back button (or the menu) and an optional right action. */
export function MobileHeader({ title, showBackButton, onBack, showMenuButton, onMenu, rightAction }: MobileHeaderProps) {
  return (
    <header className="mobile-header" data-testid="mobile-header">
      <div className="mobile-header__side">
        {showBackButton ? <BackButton onBack={onBack} compact /> : showMenuButton ? <MenuButton onClick={onMenu} /> : null}
      </div>
      <div className="mobile-header__title">{title}</div>
      <div className="mobile-header__side mobile-header__side--right">{rightAction}</div>
    </header>
  );
}
