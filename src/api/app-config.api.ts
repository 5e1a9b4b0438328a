import { callRoute } from './call-route';
import type { AppConfig } from './schemas/app-config.schema';
import { getAppConfigRoute } from './schemas/app-config.routes';

/** GET app-config: no sign-in needed; read once at boot. */
export function getAppConfig(): Promise<AppConfig> {
  return callRoute(getAppConfigRoute);
}
