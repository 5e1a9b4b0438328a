import type { Context } from 'hono';
import {
  approveAllRoute,
  approveEnrolmentRoute,
  assignEnrolmentsRoute,
  getReportCsvRoute,
  getReportRoute,
  listAssignmentsRoute,
  listDownlinesRoute,
  listManagedEnrolmentsRoute,
  rejectEnrolmentRoute,
} from '../../src/api/schemas/management.routes';
import {
  approveAll,
  approveEnrolment,
  assignEnrolments,
  listAssignments,
  listDownlines,
  listManagedEnrolments,
  rejectEnrolment,
  reportCsv,
  userReport,
} from '../domain/management';
import type { Caller } from '../domain/quizzes';
import { langOf, type AppEnv } from '../http/context';
import { defineRoute } from '../http/define-route';
import type { ApiApp, AppServices } from '../http/services';
import { offlineCaller } from './offline-courses.routes';

const caller = (s: AppServices, c: Context<AppEnv>): Caller => ({ userId: c.get('session').userId, lang: langOf(c), now: new Date(s.clock.now()), config: s.config });

/** The manager's pages (issue 14): decide, assign, report. Managers only; their own downlines only. */
export function registerManagementRoutes(app: ApiApp, s: AppServices): void {
  const auth = s.requireFullAuth;
  defineRoute(app, listManagedEnrolmentsRoute, auth, async (c, { query }) => c.json(await listManagedEnrolments(s.db, query, offlineCaller(s, c)), 200));
  defineRoute(app, approveEnrolmentRoute, auth, async (c, { params }) => c.json(await approveEnrolment(s.db, Number(params.id), offlineCaller(s, c)), 200));
  defineRoute(app, rejectEnrolmentRoute, auth, async (c, { params, body }) => c.json(await rejectEnrolment(s.db, Number(params.id), body.reason, offlineCaller(s, c)), 200));
  defineRoute(app, approveAllRoute, auth, async (c, { body }) => c.json(await approveAll(s.db, body, offlineCaller(s, c)), 200));
  defineRoute(app, assignEnrolmentsRoute, auth, async (c, { body }) => c.json(await assignEnrolments(s.db, body, offlineCaller(s, c)), 200));
  defineRoute(app, listAssignmentsRoute, auth, async (c, { query }) => c.json(await listAssignments(s.db, query, offlineCaller(s, c)), 200));
  defineRoute(app, listDownlinesRoute, auth, async (c) => c.json(await listDownlines(s.db, caller(s, c)), 200));
  defineRoute(app, getReportRoute, auth, async (c, { query }) => c.json(await userReport(s.db, query, caller(s, c)), 200));
  defineRoute(app, getReportCsvRoute, auth, async (c, { query }) => {
    const who = caller(s, c);
    const csv = reportCsv(await userReport(s.db, query, who), who.lang);
    return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="user-report.csv"' });
  });
}
