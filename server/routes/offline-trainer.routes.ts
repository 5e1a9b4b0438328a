import { getOfflineSessionCodesRoute, rotateOfflineSessionCodesRoute } from '../../src/api/schemas/offline-trainer.routes';
import { offlineSessionCodes, rotateOfflineSessionCodes } from '../domain/offline-trainer';
import { defineRoute } from '../http/define-route';
import type { ApiApp, AppServices } from '../http/services';
import { offlineCaller } from './offline-courses.routes';

/** The trainer's screen of a classroom session (issue 14, ADR 031; issue 43, ADR 077): the session's trainer only. */
export function registerOfflineTrainerRoutes(app: ApiApp, s: AppServices): void {
  defineRoute(app, getOfflineSessionCodesRoute, s.requireFullAuth, async (c, { params }) => c.json(await offlineSessionCodes(s.db, Number(params.id), offlineCaller(s, c)), 200));
  defineRoute(app, rotateOfflineSessionCodesRoute, s.requireFullAuth, async (c, { params }) =>
    c.json(await rotateOfflineSessionCodes(s.db, Number(params.id), offlineCaller(s, c)), 200),
  );
}
