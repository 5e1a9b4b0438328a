import type { i18n as I18n } from 'i18next';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { configureHttp } from './api/http';
import { adoptEarlyScript } from './api/page-data';
import { boot } from './boot';
import { createAppI18n, storedLanguage } from './i18n';
import { openSessionChannel } from './platform/session-channel';
import { AppProviders } from './routes/app-context';
import { createAppRouter } from './routes/router';
import { yieldToBrowser } from './platform/yield-to-browser';
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
  // What the early script (written by build/early-script.ts) asked for while this script loaded: the
  // current user, the page's first reads. The app's own calls read it from the page-data cache (ADR 088).
  const page = window as { __earlyRequests?: unknown };
  adoptEarlyScript(page.__earlyRequests);
  delete page.__earlyRequests;
  // Requests first: the configuration and the catalogue (boot), the session's chunks, an open tab.
  const booted = boot();
  // The session (XState, the timeout dialog) loads beside the app configuration, so it stays out
  // of the entry chunk without delaying the first render.
  const sessionModules = Promise.all([import('./routes/session/session.actor'), import('./routes/session/session-provider')]);
  // A new tab of a signed-in browser takes the session of an open tab (ADR 016), while the
  // configuration loads, and before the guards decide whether the sign-in page is needed.
  const channel = openSessionChannel();
  const joined = import('./routes/session/tab-sync').then(({ joinOpenTabs }) => joinOpenTabs(channel));
  // The work below is split into tasks, each short enough not to block the page for long (ADR 035,
  // addendum 3): the entry's evaluation is one already.
  await yieldToBrowser();
  // The router exists from the start: its first navigation loads the shown page's chunks beside the
  // configuration request (ADR 035). Its guards wait for `ready`, resolved below once the
  // configuration, a joined tab's token and the session exist (createAppRouter).
  let openRouter = () => {};
  const ready = new Promise<void>((resolve) => (openRouter = resolve));
  const router = createAppRouter(ready);
  const [{ config, i18n }, [{ createSession }, { SessionProvider }]] = await Promise.all([booted, sessionModules, joined]);
  await yieldToBrowser();
  // Until the router is handed to the http layer and the session, as before it existed, their
  // navigations and the request's location do not go through it.
  let routed: typeof router | null = null;
  const navigate = (to: string, opts?: { replace?: boolean; state?: unknown }) => void routed?.navigate(to, opts);
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
      const loc = routed ? (routed.state.navigation.location ?? routed.state.location) : window.location;
      return { pathname: loc.pathname, search: loc.search };
    },
    language: () => i18n.language,
  });
  await yieldToBrowser();
  // The guards run from here: the loaders' calls route through the http layer configured above.
  routed = router;
  openRouter();
  // With the page's chunks loaded, the guards settle the first navigation within this task: the
  // page is then rendered once, without the router's fallback (the loading overlay) before it.
  // Otherwise (a chunk still loading, a redirect to another page) the fallback shows as before.
  await Promise.race([firstNavigationDone(router), yieldToBrowser()]);
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

function firstNavigationDone(router: ReturnType<typeof createAppRouter>): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
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
