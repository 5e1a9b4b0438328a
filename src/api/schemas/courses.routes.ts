import { bearerSecurity, empty, errorResponses, fullAuthErrors, json, route } from '../route-contract';
import {
  courseDetailSchema,
  courseIdParamSchema,
  courseListQuerySchema,
  courseListResponseSchema,
  departmentListSchema,
  type CourseList,
} from './courses.schema';
import { courseListPaths, coursePath, departmentsPath } from './courses.paths';

// ADR 018: the course catalogue (SPEC §2 course pages), course detail, enrolment and likes, each
// endpoint declared once for the server, the client and the document (materials and news: their own files).

const common = { tags: ['courses'], security: bearerSecurity } as const;
const listRoute = (path: string, summary: string) =>
  route({
    ...common,
    method: 'get',
    path,
    summary,
    description:
      'Texts in the language of X-App-Language. `kind`, `department` (an id from courses/departments, or a name) and `q` filter every list. ' +
      'enrolment_count and likes are counted; liked, status and progress are the caller’s.',
    request: { query: courseListQuerySchema },
    responses: { 200: json('A page of course cards', courseListResponseSchema), ...errorResponses.badRequest, ...fullAuthErrors },
  });

/** One contract per catalogue list: `all` is the collection itself. */
export const courseListRoutes = {
  all: listRoute(courseListPaths.all, 'All published courses, by title in the request’s language'),
  latest: listRoute(courseListPaths.latest, 'Published courses, newest first'),
  ranking: listRoute(courseListPaths.ranking, 'Published courses by enrolment count, then likes, then clicks (most first)'),
  recommended: listRoute(courseListPaths.recommended, 'Published courses of kind recommended, newest first'),
  mine: listRoute(courseListPaths.mine, "The learner's enrolled courses, latest enrolment first; `status` filters in_progress or completed"),
  search: listRoute(courseListPaths.search, 'Courses whose title or description contains `q` (required) in any language, any letter case, newest first'),
} satisfies Record<CourseList, unknown>;

export const getDepartmentsRoute = route({
  ...common,
  method: 'get',
  path: departmentsPath,
  summary: 'The departments (the catalogue’s department filter), names in the request’s language',
  responses: { 200: json('Departments', departmentListSchema), ...fullAuthErrors },
});

export const getCourseRoute = route({
  ...common,
  method: 'get',
  path: coursePath,
  summary: 'A course with its lessons and items and the caller’s progress in each; counts a click',
  request: { params: courseIdParamSchema },
  responses: { 200: json('The course', courseDetailSchema), ...errorResponses.badRequest, ...fullAuthErrors, ...errorResponses.notFound },
});

export const enrolRoute = route({
  ...common,
  method: 'post',
  path: '/api/courses/:id/enrol',
  summary: 'Enrol the caller in the course (a repeat changes nothing)',
  request: { params: courseIdParamSchema },
  responses: { 204: empty('Enrolled'), ...errorResponses.badRequest, ...fullAuthErrors, ...errorResponses.notFound },
});

const likeRoute = <const M extends 'put' | 'delete'>(method: M, summary: string, done: string) =>
  route({
    ...common,
    method,
    path: '/api/courses/:id/like',
    summary,
    request: { params: courseIdParamSchema },
    responses: { 204: empty(done), ...errorResponses.badRequest, ...fullAuthErrors, ...errorResponses.notFound },
  });
export const likeCourseRoute = likeRoute('put', 'Like the course (a repeat changes nothing)', 'Liked');
export const unlikeCourseRoute = likeRoute('delete', 'Take back the caller’s like of the course', 'Not liked');
