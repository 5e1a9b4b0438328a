import { courseListRoutes, enrolRoute, getCourseRoute, getDepartmentsRoute, likeCourseRoute, unlikeCourseRoute } from '../../src/api/schemas/courses.routes';
import type { CourseList } from '../../src/api/schemas/courses.schema';
import { courseDetail, enrol, findPublishedCourse, likeCourse, listCourses, listDepartments } from '../domain/courses';
import { langOf } from '../http/context';
import { defineRoute } from '../http/define-route';
import { HttpError } from '../http/errors';
import type { ApiApp, AppServices } from '../http/services';

/** The course catalogue (SPEC §2 course pages), course detail, enrolment and likes. */
export function registerCourseRoutes(app: ApiApp, s: AppServices): void {
  const auth = s.requireFullAuth;
  const now = () => new Date(s.clock.now());
  const caller = (userId: number, lang: ReturnType<typeof langOf>) => ({ userId, lang, now: now() });

  for (const list of Object.keys(courseListRoutes) as CourseList[]) {
    defineRoute(app, courseListRoutes[list], auth, async (c, { query }) => {
      if (list === 'search' && !query.q) throw new HttpError(400, 'server:search_text_required');
      return c.json(await listCourses(s.db, list, query, caller(c.get('session').userId, langOf(c))), 200);
    });
  }

  defineRoute(app, getDepartmentsRoute, auth, async (c) => c.json(await listDepartments(s.db, langOf(c)), 200));

  // After the fixed paths above: the router tries routes in the order they were added.
  defineRoute(app, getCourseRoute, auth, async (c, { params }) => {
    const detail = await courseDetail(s.db, Number(params.id), caller(c.get('session').userId, langOf(c)));
    if (!detail) throw new HttpError(404, 'server:course_not_found');
    return c.json(detail, 200);
  });

  defineRoute(app, enrolRoute, auth, async (c, { params }) => {
    const course = await findPublishedCourse(s.db, Number(params.id), now());
    if (!course) throw new HttpError(404, 'server:course_not_found');
    await enrol(s.db, c.get('session').userId, course.id, now());
    return c.body(null, 204);
  });

  for (const [contract, liked] of [
    [likeCourseRoute, true],
    [unlikeCourseRoute, false],
  ] as const) {
    defineRoute(app, contract, auth, async (c, { params }) => {
      const course = await findPublishedCourse(s.db, Number(params.id), now());
      if (!course) throw new HttpError(404, 'server:course_not_found');
      await likeCourse(s.db, c.get('session').userId, course.id, liked);
      return c.body(null, 204);
    });
  }
}
