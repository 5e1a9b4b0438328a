// Test support: mounts the real route tree (lazy pages, guards, layout) in a memory router, so
// route tests exercise what the browser runs.
import { configure, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { AppConfig } from '../../api/schemas/app-config.schema';
import { demoAppConfig } from '../../config/app-config.defaults';
import type { Language } from '../../config/constants';
import { createI18n } from '../../i18n/testing';
import { AppProviders } from '../app-context';
import { setGuardConfig } from '../guards';
import { appRoutes } from '../router';
import { createSession, type SessionHandle } from '../session/session.actor';
import { SessionProvider } from '../session/session-provider';

// The first test of a file also pays for transforming the lazy route modules: slow on a loaded 2-core machine.
configure({ asyncUtilTimeout: 10_000 });

export function renderApp(path: string, { config = demoAppConfig, lang = 'en' }: { config?: AppConfig; lang?: Language } = {}) {
  const i18n = createI18n(lang);
  setGuardConfig(config);
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  // As in main.tsx: one session per app, here per render (the previous test's one is stopped).
  previousSession?.stop();
  const session = createSession({
    settings: config.appEnabledFunction.setTimeoutFunction,
    navigate: (to, opts) => void router.navigate(to, opts),
    translate: (key) => i18n.t(key),
  });
  previousSession = session;
  const utils = render(
    <AppProviders config={config} i18n={i18n}>
      <SessionProvider session={session}>
        <RouterProvider router={router} />
      </SessionProvider>
    </AppProviders>,
  );
  return { ...utils, router, i18n, session };
}

let previousSession: SessionHandle | null = null;
