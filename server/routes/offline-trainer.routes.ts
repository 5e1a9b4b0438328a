import { getOfflineSessionCodesRoute } from '../../src/api/schemas/offline-trainer.routes';
import { offlineSessionCodes } from '../domain/offline-trainer';
import { defineRoute } from '../http/define-route';
import type { ApiApp, AppServices } from '../http/services';
import { offlineCaller } from './offline-courses.routes';

/** The trainer's screen of a classroom session (issue 14, ADR 031): trainers and managers only. */
export function registerOfflineTrainerRoutes(app: ApiApp, s: AppServices): void {
  defineRoute(app, getOfflineSessionCodesRoute, s.requireFullAuth, async (c, { params }) => {
    // The role as the session check read it with the session, in the same query (ADR 037, 054).
    const who = offlineCaller(s, c);
    return c.json(await offlineSessionCodes(s.db, Number(params.id), c.get('session').user.role, who), 200);
  });
}
