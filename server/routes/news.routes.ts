import { listNewsRoute } from '../../src/api/schemas/news.routes';
import { listNews } from '../domain/news';
import { langOf } from '../http/context';
import { defineRoute } from '../http/define-route';
import type { ApiApp, AppServices } from '../http/services';

/** News and highlights (/courses/news). */
export function registerNewsRoutes(app: ApiApp, s: AppServices): void {
  defineRoute(app, listNewsRoute, s.requireFullAuth, async (c, { query }) => c.json(await listNews(s.db, query, { lang: langOf(c), now: new Date(s.clock.now()) }), 200));
}
