import { getNewJoinerWelcomeRoute } from '../../src/api/schemas/new-joiner-welcome.routes';
import { newJoinerWelcomeFor } from '../domain/new-joiner-welcome';
import { defineRoute } from '../http/define-route';
import type { ApiApp, AppServices } from '../http/services';

export function registerNewJoinerWelcomeRoutes(app: ApiApp, s: AppServices): void {
  defineRoute(app, getNewJoinerWelcomeRoute, s.requireFullAuth, async (c) => c.json(newJoinerWelcomeFor(c.get('session').userId), 200));
}
