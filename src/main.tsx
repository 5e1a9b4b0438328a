import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { configureHttp } from './api/http';
import { boot } from './boot';
import { createI18n } from './i18n';
import { AppProviders } from './routes/app-context';
import { createAppRouter } from './routes/router';
import { AppErrorView } from './ui/app-error/app-error-view';
import './ui/styles/global.css';

/** When the app cannot start: a translated message in the stored language, not a blank page. */
function renderBootFailure(root: Root, error: unknown): void {
  console.error(error);
  const t = createI18n().t;
  root.render(
    <AppErrorView
      title={t('pages:app_error.title')}
      message={t('pages:app_error.message')}
      reloadLabel={t('pages:app_error.reload')}
      onReload={() => window.location.reload()}
    />,
  );
}

async function start(root: Root): Promise<void> {
  const { config, i18n } = await boot();
  // The router starts its first navigation (and its loaders' calls) as soon as it exists, so the
  // http layer must already route through it: the handlers read `router` when they are called.
  let router: ReturnType<typeof createAppRouter> | null = null;
  configureHttp({
    navigate: (to, opts) => void router?.navigate(to, opts),
    onDeviceExpired: (message) => {
      window.alert(message);
      void router?.navigate('/logout');
    },
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
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

const container = document.getElementById('root');
if (container) {
  const root = createRoot(container);
  start(root).catch((error: unknown) => renderBootFailure(root, error));
}
