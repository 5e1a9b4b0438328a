import { getOfflineSessionCodesRoute } from '../../src/api/schemas/offline-trainer.routes';
import { offlineSessionCodes } from '../domain/offline-trainer';
import { findUserById } from '../domain/users';
import { defineRoute } from '../http/define-route';
import { HttpError } from '../http/errors';
import type { ApiApp, AppServices } from '../http/services';
import { offlineCaller } from './offline-courses.routes';

/** The trainer's screen of a classroom session (issue 14, ADR 031): trainers and managers only. */
export function registerOfflineTrainerRoutes(app: ApiApp, s: AppServices): void {
  defineRoute(app, getOfflineSessionCodesRoute, s.requireFullAuth, async (c, { params }) => {
    const who = offlineCaller(s, c);
    const user = await findUserById(s.db, who.userId);
    if (!user) throw new HttpError(401, 'server:session_expired');
    return c.json(await offlineSessionCodes(s.db, Number(params.id), user.role, who), 200);
  });
}
