import { bearerSecurity, errorResponses, fullAuthErrors, json, route } from '../route-contract';
import { apiErrorSchema } from './error.schema';
import { courseIdParamSchema } from './courses.schema';
import { offlineCourseDetailSchema, offlineCourseListResponseSchema, offlineCourseQuerySchema } from './offline-courses.schema';

// ADR 018 / ADR 031: classroom (offline) courses, declared once for the server, the client and the document.

const common = { tags: ['offline-courses'], security: bearerSecurity } as const;
const flagOff = 'Not found, or the offline course feature is off (app configuration offlineCourse)';

export const listOfflineCoursesRoute = route({
  ...common,
  method: 'get',
  path: '/api/offline_courses',
  summary: 'Published classroom courses, soonest first: keyword, venue, date range and availability filters, paged',
  request: { query: offlineCourseQuerySchema },
  responses: {
    200: json('A page of courses', offlineCourseListResponseSchema),
    ...errorResponses.badRequest,
    ...fullAuthErrors,
    404: json(flagOff, apiErrorSchema),
  },
});

export const getOfflineCourseRoute = route({
  ...common,
  method: 'get',
  path: '/api/offline_courses/:id',
  summary: "A classroom course with every SPEC §3 display field, its sessions, materials, prerequisites and the caller's enrolment",
  request: { params: courseIdParamSchema },
  responses: { 200: json('The course', offlineCourseDetailSchema), ...errorResponses.badRequest, ...fullAuthErrors, 404: json(flagOff, apiErrorSchema) },
});
