import type { CourseList } from './courses.schema';

// The paths of the catalogue lists, the departments and a course, apart from their contracts
// (courses.routes.ts) so that a route's loader can send these requests early without the schemas
// (ADR 035: the loaders are in the first page's JavaScript).

/** One list per path: `all` is the collection itself. */
export const courseListPaths = {
  all: '/api/courses',
  latest: '/api/courses/latest',
  ranking: '/api/courses/ranking',
  recommended: '/api/courses/recommended',
  mine: '/api/courses/mine',
  search: '/api/courses/search',
} as const satisfies Record<CourseList, string>;

export const departmentsPath = '/api/courses/departments';

export const coursePath = '/api/courses/:id';
