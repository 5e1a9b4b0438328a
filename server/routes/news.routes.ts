import { newsListResponseSchema, newsQuerySchema } from '../../src/api/schemas/course.schema';
import { listNews } from '../domain/news';
import { langOf } from '../http/context';
import { defineRoute } from '../http/define-route';
import { bearerSecurity, errorResponses } from '../http/openapi';
import type { ApiApp, AppServices } from '../http/services';

/** News and highlights (/courses/news). */
export function registerNewsRoutes(app: ApiApp, s: AppServices): void {
  defineRoute(
    app,
    {
      tags: ['news'],
      security: bearerSecurity,
      middleware: s.requireFullAuth,
      method: 'get',
      path: '/api/news',
      summary: 'Published news and highlights (`kind` picks one), newest first, texts in the request’s language',
      request: { query: newsQuerySchema },
      responses: {
        200: { description: 'A page of entries', content: { 'application/json': { schema: newsListResponseSchema } } },
        ...errorResponses.badRequest,
        ...errorResponses.unauthorized,
        ...errorResponses.forbiddenOr('two-factor is required and this session has not passed it'),
      },
    },
    async (c, { query }) => c.json(await listNews(s.db, query, { lang: langOf(c), now: new Date(s.clock.now()) }), 200),
  );
}
