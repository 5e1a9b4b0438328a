import { createRoute } from '@hono/zod-openapi';
import { appConfigSchema } from '../../src/api/schemas/app-config.schema';
import { buildAppConfig } from '../domain/app-config';
import type { ApiApp, AppServices } from '../http/services';

const getAppConfig = createRoute({
  method: 'get',
  path: '/api/app-config',
  tags: ['app'],
  summary: 'Application configuration (SPEC §9); no sign-in needed',
  responses: { 200: { description: 'The configuration', content: { 'application/json': { schema: appConfigSchema } } } },
});

export function registerAppConfigRoutes(app: ApiApp, { config }: AppServices): void {
  const body = buildAppConfig(config);
  app.openapi(getAppConfig, (c) => c.json(body, 200));
}
