import { getAppConfigRoute } from '../../src/api/schemas/app-config.routes';
import { buildAppConfig } from '../domain/app-config';
import { defineRoute } from '../http/define-route';
import type { ApiApp, AppServices } from '../http/services';

export function registerAppConfigRoutes(app: ApiApp, { config }: AppServices): void {
  const body = buildAppConfig(config);
  defineRoute(app, getAppConfigRoute, (c) => c.json(body, 200));
}
