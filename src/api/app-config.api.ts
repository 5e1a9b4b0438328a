import { http } from './http';
import { parseJson } from './parse';
import { appConfigSchema, type AppConfig } from './schemas/app-config.schema';

/** GET app-config: no sign-in needed; read once at boot. */
export function getAppConfig(): Promise<AppConfig> {
  return parseJson(appConfigSchema, http.get('app-config'));
}
