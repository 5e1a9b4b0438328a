import {
  courseDetailSchema,
  courseIdParamSchema,
  courseListQuerySchema,
  courseListResponseSchema,
  departmentListSchema,
  materialListResponseSchema,
  materialQuerySchema,
  type CourseList,
} from '../../src/api/schemas/course.schema';
import { listMaterials } from '../domain/attachments';
import { courseDetail, enrol, findPublishedCourse, likeCourse, listCourses, listDepartments } from '../domain/courses';
import { langOf } from '../http/context';
import { defineRoute } from '../http/define-route';
import { HttpError } from '../http/errors';
import { bearerSecurity, errorResponses } from '../http/openapi';
import type { ApiApp, AppServices } from '../http/services';

const json = <T>(description: string, schema: T) => ({ description, content: { 'application/json': { schema } } });

const lists: { list: Exclude<CourseList, 'all'>; summary: string }[] = [
  { list: 'latest', summary: 'Published courses, newest first' },
  { list: 'ranking', summary: 'Published courses by enrolment count, then likes, then clicks (most first)' },
  { list: 'recommended', summary: 'Published courses of kind recommended, newest first' },
  { list: 'mine', summary: "The learner's enrolled courses, latest enrolment first; `status` filters in_progress or completed" },
  { list: 'search', summary: 'Courses whose title or description contains `q` (required) in any language, any letter case, newest first' },
];

/** The course catalogue (SPEC §2 course pages), course detail, enrolment and likes, and the material library. */
export function registerCourseRoutes(app: ApiApp, s: AppServices): void {
  const common = { tags: ['courses'], security: bearerSecurity, middleware: s.requireFullAuth };
  const fullAuthErrors = {
    ...errorResponses.unauthorized,
    ...errorResponses.forbiddenOr('two-factor is required and this session has not passed it'),
  };
  const now = () => new Date(s.clock.now());
  const caller = (userId: number, lang: ReturnType<typeof langOf>) => ({ userId, lang, now: now() });

  const listRoute = (list: CourseList, path: string, summary: string) =>
    defineRoute(
      app,
      {
        ...common,
        method: 'get',
        path,
        summary,
        description:
          'Texts in the language of X-App-Language. `kind`, `department` (an id from courses/departments, or a name) and `q` filter every list. ' +
          'enrolment_count and likes are counted; liked, status and progress are the caller’s.',
        request: { query: courseListQuerySchema },
        responses: { 200: json('A page of course cards', courseListResponseSchema), ...errorResponses.badRequest, ...fullAuthErrors },
      },
      async (c, { query }) => {
        if (list === 'search' && !query.q) throw new HttpError(400, 'server:search_text_required');
        return c.json(await listCourses(s.db, list, query, caller(c.get('session').userId, langOf(c))), 200);
      },
    );

  listRoute('all', '/api/courses', 'All published courses, by title in the request’s language');
  for (const { list, summary } of lists) listRoute(list, `/api/courses/${list}`, summary);

  defineRoute(
    app,
    {
      ...common,
      method: 'get',
      path: '/api/courses/departments',
      summary: 'The departments (the catalogue’s department filter), names in the request’s language',
      responses: { 200: json('Departments', departmentListSchema), ...fullAuthErrors },
    },
    async (c) => c.json(await listDepartments(s.db, langOf(c)), 200),
  );

  // After the fixed paths above: the router tries routes in the order they were added.
  defineRoute(
    app,
    {
      ...common,
      method: 'get',
      path: '/api/courses/{id}',
      summary: 'A course with its lessons and items and the caller’s progress in each; counts a click',
      request: { params: courseIdParamSchema },
      responses: {
        200: json('The course', courseDetailSchema),
        ...errorResponses.badRequest,
        ...fullAuthErrors,
        ...errorResponses.notFound,
      },
    },
    async (c, { params }) => {
      const detail = await courseDetail(s.db, Number(params.id), caller(c.get('session').userId, langOf(c)));
      if (!detail) throw new HttpError(404, 'server:course_not_found');
      return c.json(detail, 200);
    },
  );

  defineRoute(
    app,
    {
      ...common,
      method: 'post',
      path: '/api/courses/{id}/enrol',
      summary: 'Enrol the caller in the course (a repeat changes nothing)',
      request: { params: courseIdParamSchema },
      responses: { 204: { description: 'Enrolled' }, ...errorResponses.badRequest, ...fullAuthErrors, ...errorResponses.notFound },
    },
    async (c, { params }) => {
      const course = await findPublishedCourse(s.db, Number(params.id), now());
      if (!course) throw new HttpError(404, 'server:course_not_found');
      await enrol(s.db, c.get('session').userId, course.id, now());
      return c.body(null, 204);
    },
  );

  for (const [method, liked] of [
    ['put', true],
    ['delete', false],
  ] as const) {
    defineRoute(
      app,
      {
        ...common,
        method,
        path: '/api/courses/{id}/like',
        summary: liked ? 'Like the course (a repeat changes nothing)' : 'Take back the caller’s like of the course',
        request: { params: courseIdParamSchema },
        responses: { 204: { description: liked ? 'Liked' : 'Not liked' }, ...errorResponses.badRequest, ...fullAuthErrors, ...errorResponses.notFound },
      },
      async (c, { params }) => {
        const course = await findPublishedCourse(s.db, Number(params.id), now());
        if (!course) throw new HttpError(404, 'server:course_not_found');
        await likeCourse(s.db, c.get('session').userId, course.id, liked);
        return c.body(null, 204);
      },
    );
  }

  defineRoute(
    app,
    {
      ...common,
      tags: ['materials'],
      method: 'get',
      path: '/api/materials',
      summary: 'The material library: attachments a learner may open, newest first; `q` matches the name',
      request: { query: materialQuerySchema },
      responses: { 200: json('A page of materials', materialListResponseSchema), ...errorResponses.badRequest, ...fullAuthErrors },
    },
    async (c, { query }) => c.json(await listMaterials(s.db, query, caller(c.get('session').userId, langOf(c))), 200),
  );
}
