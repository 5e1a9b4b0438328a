import type { i18n as I18n } from 'i18next';
import { getAppConfig } from './api/app-config.api';
import type { AppConfig } from './api/schemas/app-config.schema';
import { specDefaultAppConfig } from './config/app-config.defaults';
import { createAppI18n, loadLanguage, storedLanguage } from './i18n';
import { setGuardConfig } from './routes/guards';

/** SPEC §9: --vh is 1% of the window height (mobile browsers' 100vh includes hidden toolbars). */
export function setViewportHeight(win: Window = window): void {
  win.document.documentElement.style.setProperty('--vh', `${win.innerHeight * 0.01}px`);
}

let viewportListening = false;
function watchViewportHeight(): void {
  setViewportHeight();
  if (viewportListening) return;
  viewportListening = true;
  window.addEventListener('resize', () => setViewportHeight());
}

/** Starts the app: configuration (SPEC defaults when the server cannot be read), i18n in the
 * stored language or the app default, guard configuration, viewport height. */
export async function boot(): Promise<{ config: AppConfig; i18n: I18n }> {
  // The stored language's catalogue (else English's) loads beside the configuration request, not
  // after it; createAppI18n below finds it loaded. Only a first visit to a deployment whose default
  // is Chinese loads the English one for nothing (ADR 035).
  loadLanguage(storedLanguage()).catch(() => undefined);
  let config: AppConfig;
  try {
    config = await getAppConfig();
  } catch (error) {
    console.warn('App configuration unavailable; using the specification defaults.', error);
    config = specDefaultAppConfig;
  }
  const i18n = await createAppI18n(storedLanguage(config.defaultLanguage));
  setGuardConfig(config);
  watchViewportHeight();
  return { config, i18n };
}
