import { appConfigSchema } from '../../src/api/schemas/app-config.schema';
import { buildAppConfig } from '../domain/app-config';
import { defineRoute, type RouteSpec } from '../http/define-route';
import type { ApiApp, AppServices } from '../http/services';

const getAppConfig: RouteSpec = {
  method: 'get',
  path: '/api/app-config',
  tags: ['app'],
  summary: 'Application configuration (SPEC §9); no sign-in needed',
  responses: { 200: { description: 'The configuration', content: { 'application/json': { schema: appConfigSchema } } } },
};

export function registerAppConfigRoutes(app: ApiApp, { config }: AppServices): void {
  const body = buildAppConfig(config);
  defineRoute(app, getAppConfig, (c) => c.json(body, 200));
}
