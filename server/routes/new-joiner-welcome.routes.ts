import { getNewJoinerWelcomeRoute, postNewJoinerWelcomeRoute } from '../../src/api/schemas/new-joiner-welcome.routes';
import { dismissWelcome, welcomeDue } from '../domain/new-joiner-welcome';
import { defineRoute } from '../http/define-route';
import type { ApiApp, AppServices } from '../http/services';

/** Issue 47, ADR 102: the caller's own welcome flag; the dismissal's time is the server's. */
export function registerNewJoinerWelcomeRoutes(app: ApiApp, s: AppServices): void {
  defineRoute(app, getNewJoinerWelcomeRoute, s.requireFullAuth, async (c) => c.json({ due: await welcomeDue(s.db, c.get('session').userId) }, 200));
  defineRoute(app, postNewJoinerWelcomeRoute, s.requireFullAuth, async (c) => {
    await dismissWelcome(s.db, c.get('session').userId, new Date(s.clock.now()));
    return c.json({ due: false }, 200);
  });
}
