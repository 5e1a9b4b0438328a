import { getLearningHistoryRoute } from '../../src/api/schemas/learning-history.routes';
import { learningHistory } from '../domain/learning-history';
import { defineRoute } from '../http/define-route';
import type { ApiApp, AppServices } from '../http/services';

/** The profile page's learning history (SPEC §7 learning_history/all): the caller's own, whatever the role. */
export function registerLearningHistoryRoutes(app: ApiApp, s: AppServices): void {
  defineRoute(app, getLearningHistoryRoute, s.requireFullAuth, async (c, { query }) =>
    c.json(await learningHistory(s.db, c.get('session').userId, query, new Date(s.clock.now())), 200),
  );
}
