import { getAchievementsRoute } from '../../src/api/schemas/achievements.routes';
import { achievementsOf } from '../domain/achievements';
import { defineRoute } from '../http/define-route';
import type { ApiApp, AppServices } from '../http/services';

/** Issue 45, ADR 090: the caller's own achievements (no one else's: there is no id to ask for). */
export function registerAchievementsRoutes(app: ApiApp, s: AppServices): void {
  defineRoute(app, getAchievementsRoute, s.requireFullAuth, async (c) => c.json(await achievementsOf(s.db, c.get('session').userId, new Date(s.clock.now())), 200));
}
