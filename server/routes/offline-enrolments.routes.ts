import { cancelOfflineEnrolmentRoute, checkInRoute, checkOutRoute, enrolOfflineRoute, listMyOfflineEnrolmentsRoute } from '../../src/api/schemas/offline-enrolments.routes';
import { cancelOfflineEnrolment, checkIn, checkOut, enrolOffline, listMyOfflineEnrolments } from '../domain/offline-enrolments';
import { defineRoute } from '../http/define-route';
import type { ApiApp, AppServices } from '../http/services';
import { offlineCaller } from './offline-courses.routes';

/** A learner's offline enrolments (issue 14, ADR 031): enrol, cancel, my enrolments and history. */
export function registerOfflineEnrolmentRoutes(app: ApiApp, s: AppServices): void {
  const auth = s.requireFullAuth;
  defineRoute(app, enrolOfflineRoute, auth, async (c, { params, body }) => {
    const who = offlineCaller(s, c);
    return c.json(await enrolOffline(s.db, Number(params.id), body, who), 200);
  });
  defineRoute(app, cancelOfflineEnrolmentRoute, auth, async (c, { params }) => {
    const who = offlineCaller(s, c);
    return c.json(await cancelOfflineEnrolment(s.db, Number(params.id), who), 200);
  });
  defineRoute(app, listMyOfflineEnrolmentsRoute, auth, async (c, { query }) => c.json(await listMyOfflineEnrolments(s.db, query, offlineCaller(s, c)), 200));
  defineRoute(app, checkInRoute, auth, async (c, { params, body }) => {
    const who = offlineCaller(s, c);
    return c.json(await checkIn(s.db, s.rateLimiter, Number(params.id), body.code, who), 200);
  });
  defineRoute(app, checkOutRoute, auth, async (c, { params, body }) => {
    const who = offlineCaller(s, c);
    return c.json(await checkOut(s.db, s.rateLimiter, Number(params.id), body.code, who), 200);
  });
}
