import { getHomeSummaryRoute } from '../../src/api/schemas/home-summary.routes';
import { homeSummaryFor } from '../domain/home-summary';
import { langOf } from '../http/context';
import { defineRoute } from '../http/define-route';
import type { ApiApp, AppServices } from '../http/services';

/** Issue 45: the home page's summary, of the caller only (no user id is taken from the request). */
export function registerHomeSummaryRoutes(app: ApiApp, s: AppServices): void {
  defineRoute(app, getHomeSummaryRoute, s.requireFullAuth, async (c) => c.json(await homeSummaryFor(s.db, c.get('session').userId, new Date(s.clock.now()), langOf(c)), 200));
}
