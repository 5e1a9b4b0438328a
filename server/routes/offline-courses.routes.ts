import type { Context } from 'hono';
import { getOfflineCourseRoute, listOfflineCoursesRoute } from '../../src/api/schemas/offline-courses.routes';
import { assertOfflineCoursesOn, getOfflineCourse, listOfflineCourses } from '../domain/offline-courses';
import type { Caller } from '../domain/quizzes';
import { langOf, type AppEnv } from '../http/context';
import { defineRoute } from '../http/define-route';
import type { ApiApp, AppServices } from '../http/services';

/** The caller of an offline endpoint; the offlineCourse flag off answers 404 (ADR 031). */
export function offlineCaller(s: AppServices, c: Context<AppEnv>): Caller {
  const who = { userId: c.get('session').userId, lang: langOf(c), now: new Date(s.clock.now()), config: s.config };
  assertOfflineCoursesOn(who);
  return who;
}

/** Classroom (offline) courses (issue 14, ADR 031): the /offline list and a course's page. */
export function registerOfflineCourseRoutes(app: ApiApp, s: AppServices): void {
  const auth = s.requireFullAuth;
  defineRoute(app, listOfflineCoursesRoute, auth, async (c, { query }) => c.json(await listOfflineCourses(s.db, query, offlineCaller(s, c)), 200));
  defineRoute(app, getOfflineCourseRoute, auth, async (c, { params }) => c.json(await getOfflineCourse(s.db, Number(params.id), offlineCaller(s, c)), 200));
}
