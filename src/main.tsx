import type { i18n as I18n } from 'i18next';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { configureHttp } from './api/http';
import { boot } from './boot';
import { createAppI18n, storedLanguage } from './i18n';
import { openSessionChannel } from './platform/session-channel';
import { AppProviders } from './routes/app-context';
import { createAppRouter, prefetchRoutes } from './routes/router';
import { specDefaultAppConfig } from './config/app-config.defaults';
import { AppErrorView } from './ui/app-error/app-error-view';
import { loadCjkFontFor } from './ui/styles/cjk-fonts';
import './ui/styles/global.css';

/** When the app cannot start: a translated message in the stored language, not a blank page. */
async function renderBootFailure(root: Root, error: unknown): Promise<void> {
  console.error(error);
  loadCjkFontFor(storedLanguage());
  const t = await createAppI18n(storedLanguage()).then(
    (i18n) => i18n.t,
    // Even the catalogue could not load (offline): say it in English rather than show nothing.
    () => (key: string) => ({ 'pages:app_error.title': 'Something went wrong', 'pages:app_error.message': 'The app could not start. Please check your connection and reload.', 'pages:app_error.reload': 'Reload' })[key] ?? key,
  );
  root.render(
    <AppErrorView
      title={t('pages:app_error.title')}
      message={t('pages:app_error.message')}
      reloadLabel={t('pages:app_error.reload')}
      onReload={() => window.location.reload()}
    />,
  );
}

async function start(root: Root): Promise<I18n> {
  // The shown page's chunks load beside the configuration request, not after the first render (ADR 035).
  prefetchRoutes(specDefaultAppConfig, window.location.pathname);
  // The session (XState, the timeout dialog) loads beside the app configuration, so it stays out
  // of the entry chunk without delaying the first render.
  const sessionModules = Promise.all([import('./routes/session/session.actor'), import('./routes/session/session-provider')]);
  // A new tab of a signed-in browser takes the session of an open tab (ADR 016), while the
  // configuration loads, and before the guards decide whether the sign-in page is needed.
  const channel = openSessionChannel();
  const joined = import('./routes/session/tab-sync').then(({ joinOpenTabs }) => joinOpenTabs(channel));
  const [{ config, i18n }, [{ createSession }, { SessionProvider }]] = await Promise.all([boot(), sessionModules, joined]);
  // The router starts its first navigation (and its loaders' calls) as soon as it exists, so the
  // http layer must already route through it: the handlers read `router` when they are called.
  let router: ReturnType<typeof createAppRouter> | null = null;
  const navigate = (to: string, opts?: { replace?: boolean }) => void router?.navigate(to, opts);
  // One session for the page's life: a valid stored token (a reload) starts it signed in.
  const session = createSession({
    settings: config.appEnabledFunction.setTimeoutFunction,
    navigate,
    translate: (key) => i18n.t(key),
    channel,
  });
  configureHttp({
    navigate,
    // The user-expired handling (SPEC §8): the session alerts and ends.
    onDeviceExpired: (message) => session.deviceExpired(message),
    location: () => {
      const loc = router ? (router.state.navigation.location ?? router.state.location) : window.location;
      return { pathname: loc.pathname, search: loc.search };
    },
    language: () => i18n.language,
  });
  router = createAppRouter(config);
  root.render(
    <StrictMode>
      <AppProviders config={config} i18n={i18n}>
        <SessionProvider session={session}>
          <RouterProvider router={router} />
        </SessionProvider>
      </AppProviders>
    </StrictMode>,
  );
  return i18n;
}

// The Chinese font faces (SPEC §9) are large stylesheets of unicode-range slices: loaded after the
// first render so they never block it, and only for a page shown in Chinese (ADR 015); text shows
// in the system font until they arrive.
function followLanguageFonts(i18n: I18n): void {
  loadCjkFontFor(i18n.language);
  i18n.on('languageChanged', loadCjkFontFor);
}

const container = document.getElementById('root');
if (container) {
  const root = createRoot(container);
  start(root).then(followLanguageFonts, (error: unknown) => void renderBootFailure(root, error));
}
