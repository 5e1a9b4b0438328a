import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router-dom';
import { isNotAuthenticated } from '../../api/auth-errors';
import { backFallbackPath, bottomLinks, courseNavItems, isSettingPage, isSideLink, PATH, sideLinks } from '../../config/navigation';
import { AppLayout } from '../../ui/layout/app-layout';
import { Button } from '../../ui/primitives/button';
import { useAppConfig, useCurrentUser } from '../app-context';
import { ContinualAuthProvider } from '../continual-auth/continual-auth-provider';
import { usePageLoading } from '../session/page-busy';
import { useOptionalSession } from '../session/session-provider';
import { navTitles, routeTitle } from './page-title';
import { viewportWidth } from '../../i18n';
import { afterPageLoad } from '../../platform/after-page-load';
import { preloadModal } from '../../ui/primitives/dialog';
import { preloadSideDrawer } from '../../ui/layout/side-drawer';
import { preloadContinualAuthModal } from '../../ui/dialogs/continual-auth-modal-part';

/** ADR 071: the modals' (the identity prompt's too) and the drawer's code, fetched once the page is whole, before either can be wanted. */
const preloadClosedParts = () => {
  // A failure is retried when the part is wanted (src/ui/primitives/lazy-part.ts).
  preloadModal().catch(() => undefined);
  preloadSideDrawer().catch(() => undefined);
  preloadContinualAuthModal().catch(() => undefined);
};

/** The user the layout has sent to the welcome in this page load (issue 47). */
let welcomedFor: string | null = null;

export interface LayoutRouteProps {
  /** Session activity (clicks, wheel, touch, scroll); defaults to the app session's (SPEC §4). */
  onActivity?: () => void;
}

/**
 * Whether "back" stays inside the app. The browser router keeps an index in history.state (0: the
 * page was opened directly, or replaced the first entry); other routers only tell whether this is
 * the initial location.
 */
function canGoBack(locationKey: string): boolean {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx > 0 : locationKey !== 'default';
}

export default function LayoutRoute({ onActivity }: LayoutRouteProps = {}) {
  const { user, loading, error } = useCurrentUser();
  const config = useAppConfig();
  const location = useLocation();
  const navigate = useNavigate();
  const matches = useMatches();
  const { t, i18n } = useTranslation();
  const features = config.appEnabledFunction;
  const path = location.pathname;

  // SPEC §4: a user who has not reset the password may only see the reset page. Issue 47, ADR 102:
  // then a new joiner meets the welcome (the server never has it due before the change, and the
  // reset comes first), once per page load: going on past it, the learner is not sent back.
  const elsewhere = path !== PATH.resetPassword;
  const mustResetPassword = user?.password_reset === false && elsewhere;
  const toWelcome = !!user?.welcome_due && welcomedFor !== user.id && elsewhere;
  useEffect(() => {
    if (mustResetPassword) navigate(PATH.resetPassword, { replace: true });
    else if (toWelcome) {
      welcomedFor = user!.id;
      navigate(PATH.welcome, { replace: true });
    }
  }, [mustResetPassword, toWelcome, user, navigate]);

  // SPEC §4 rule 2: while the loading overlay shows, the session is renewed without the box.
  const showLoading = loading || mustResetPassword || toWelcome;
  usePageLoading(showLoading);
  const session = useOptionalSession();
  useEffect(() => afterPageLoad(preloadClosedParts), []);

  const isManager = user?.is_manager ?? false;
  const isRecruit = user?.is_recruit ?? false;
  const isAuditor = user?.is_auditor ?? false;
  const flags = { learningMap: features.learningMap, mockExam: features.mockExam };
  const sideLink = isSideLink(path);

  return (
    <AppLayout
      user={user ? { name: user.name, iconUrl: user.icon_url } : null}
      unreadCount={user?.unread_notifications_count ?? 0}
      sideLinks={sideLinks({ isManager, isRecruit, isAuditor, features: flags })}
      bottomLinks={bottomLinks({ isManager })}
      courseNavItems={courseNavItems({ offlineEnabled: features.offlineCourse, ...flags, vocab: features.vocab })}
      currentPath={path}
      pageTitle={routeTitle(matches, i18n.language, viewportWidth(), navTitles(i18n))}
      sideNavEnabled={features.sideNav}
      showBackButton={!sideLink}
      showCourseNav={sideLink && !isSettingPage(path)}
      onBack={() => (canGoBack(location.key) ? navigate(-1) : navigate(backFallbackPath(path)))}
      onNavigate={(to) => navigate(to)}
      onActivity={onActivity ?? session?.activity}
      loading={showLoading}
    >
      {/* With two-factor required and not yet passed, the API refuses the user (NotAuthenticated)
          while the guard keeps them on the two-factor page, which works without it. */}
      {error && !user && !loading && !isNotAuthenticated(error) ? (
        <div role="alert" className="layout-error">
          <p>{t('layout:load_user_failed')}</p>
          <Button variant="accent" onClick={() => window.location.reload()}>
            {t('layout:retry')}
          </Button>
        </div>
      ) : mustResetPassword || toWelcome ? null : (
        // One continual-authentication actor per signed-in layout (its prompt above the pages).
        <ContinualAuthProvider settings={features.continualAuthentication}>
          <Outlet />
        </ContinualAuthProvider>
      )}
    </AppLayout>
  );
}
