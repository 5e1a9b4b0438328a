import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { AppConfig } from '../api/schemas/app-config.schema';
import type { CurrentUser } from '../api/schemas/users.schema';
import { getCurrentUserState, loadCurrentUser, subscribeCurrentUser } from '../api/current-user';
import { getToken } from '../platform/storage/token-storage';

const AppConfigContext = createContext<AppConfig | null>(null);

export function AppProviders({ config, i18n, children }: { config: AppConfig; i18n: I18n; children?: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <AppConfigContext.Provider value={config}>{children}</AppConfigContext.Provider>
    </I18nextProvider>
  );
}

export function useAppConfig(): AppConfig {
  const config = useContext(AppConfigContext);
  if (!config) throw new Error('useAppConfig() needs <AppProviders> above it');
  return config;
}

export interface CurrentUserView {
  user: CurrentUser | null;
  loading: boolean;
  error: unknown;
}

/** The signed-in user, loaded on first use and kept in step with the stored token. */
export function useCurrentUser(): CurrentUserView {
  const state = useSyncExternalStore(subscribeCurrentUser, getCurrentUserState, getCurrentUserState);
  const hasToken = getToken() !== null;
  const due = hasToken && state.user === null && !state.loading && state.error === null;

  useEffect(() => {
    // A failed load is not retried in a loop: the error is shown; a new token retries.
    if (due) loadCurrentUser().catch(() => undefined);
  }, [due]);

  // Report "loading" from the first render, not one effect later, so no empty header flashes.
  return { user: hasToken ? state.user : null, loading: state.loading || due, error: state.error };
}
