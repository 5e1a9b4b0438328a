import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { NavLink } from '../../config/navigation';
import { DesktopHeader, MobileHeader } from './headers';
import { LoadingOverlay } from './loading-overlay';
import { SideDrawer } from './side-drawer';
import { BottomNav, SideNav } from './side-nav';
import type { LayoutUser } from './user-badge';
import { useViewport } from './use-viewport';
import './app-layout.css';

export type { LayoutUser } from './user-badge';

export interface AppLayoutProps {
  /** null while the user loads. */
  user: LayoutUser | null;
  unreadCount: number;
  sideLinks: NavLink[];
  bottomLinks: NavLink[];
  courseNavItems: NavLink[];
  currentPath: string;
  /** Mobile header title (the route's title in the current language). */
  pageTitle: string;
  /** From app config: the side panel is shown open on wide screens only when enabled. */
  sideNavEnabled: boolean;
  showBackButton: boolean;
  showCourseNav: boolean;
  onBack: () => void;
  onNavigate: (to: string) => void;
  /** Clicks, wheel, touch and scroll inside the layout (SPEC §4: they extend the session). */
  onActivity?: () => void;
  loading?: boolean;
  loadingText?: string;
  /** Optional right action of the mobile header. */
  mobileRightAction?: ReactNode;
  children?: ReactNode;
}

/** SPEC §2 "Layout": presentation only; every list and flag arrives computed through props. */
export function AppLayout(p: AppLayoutProps) {
  const { t } = useTranslation();
  const { phone, wide } = useViewport();
  // The drawer remembers the page it was opened on: navigating away (or widening into the
  // side-panel layout) closes it without an effect.
  const [drawerPath, setDrawerPath] = useState<string | null>(null);
  const mainRef = useRef<HTMLElement>(null);
  const panel = wide && p.sideNavEnabled;
  const drawerOpen = !panel && drawerPath === p.currentPath;
  const setDrawerOpen = (open: boolean) => setDrawerPath(open ? p.currentPath : null);
  const { onActivity } = p;

  // Scrolling the document does not bubble to the layout's element.
  useEffect(() => {
    if (!onActivity) return;
    window.addEventListener('scroll', onActivity, { passive: true });
    return () => window.removeEventListener('scroll', onActivity);
  }, [onActivity]);

  const navigate = (to: string) => {
    setDrawerOpen(false);
    p.onNavigate(to);
  };
  const openMenu = () => setDrawerOpen(true);
  const sideNav = <SideNav links={p.sideLinks} currentPath={p.currentPath} unreadCount={p.unreadCount} onNavigate={navigate} />;

  return (
    <div
      className={`app-layout${phone ? ' app-layout--phone' : ''}${panel ? ' app-layout--panel' : ''}`}
      onClickCapture={onActivity}
      onWheelCapture={onActivity}
      onTouchStartCapture={onActivity}
      onScrollCapture={onActivity}
    >
      <a
        className="skip-link"
        href="#main-content"
        onClick={(e) => {
          e.preventDefault();
          mainRef.current?.focus();
        }}
      >
        {t('layout:skip_to_content')}
      </a>
      {phone ? (
        <MobileHeader
          title={p.pageTitle || t('common:product_title')}
          showBackButton={p.showBackButton}
          onBack={p.onBack}
          showMenuButton={!panel}
          onMenu={openMenu}
          rightAction={p.mobileRightAction}
        />
      ) : (
        <DesktopHeader
          user={p.user}
          showMenuButton={!panel}
          onMenu={openMenu}
          showBackButton={p.showBackButton}
          onBack={p.onBack}
          showCourseNav={p.showCourseNav}
          courseNavItems={p.courseNavItems}
          currentPath={p.currentPath}
          onNavigate={navigate}
        />
      )}
      <div className="app-layout__body">
        {panel ? <aside className="side-panel">{sideNav}</aside> : null}
        <main id="main-content" className="app-layout__main" ref={mainRef} tabIndex={-1} aria-busy={p.loading || undefined}>
          {p.children}
          {p.loading ? <LoadingOverlay text={p.loadingText} /> : null}
        </main>
      </div>
      {phone ? <BottomNav links={p.bottomLinks} currentPath={p.currentPath} unreadCount={p.unreadCount} onNavigate={navigate} /> : null}
      {panel ? null : (
        <SideDrawer open={drawerOpen} onOpenChange={setDrawerOpen}>
          {sideNav}
        </SideDrawer>
      )}
    </div>
  );
}
