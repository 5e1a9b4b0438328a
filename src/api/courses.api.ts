import { callRoute } from './call-route';
import {
  courseListRoutes,
  enrolRoute,
  getCourseRoute,
  getDepartmentsRoute,
  likeCourseRoute,
  listMaterialsRoute,
  listNewsRoute,
  unlikeCourseRoute,
} from './schemas/course.routes';
import {
  type CourseDetail,
  type CourseList,
  type CourseListQuery,
  type CourseListResponse,
  type DepartmentList,
  type MaterialListResponse,
  type MaterialQuery,
  type NewsListResponse,
  type NewsQuery,
} from './schemas/course.schema';

// Learning content (issue 5): the catalogue lists, a course, the material library and news.

export interface CallOptions {
  /** Aborts the request: a list page that moved on cancels the answer it no longer needs. */
  signal?: AbortSignal;
}

type Params = Record<string, string | number | undefined | null>;

/** Only the parameters that say something: blank texts and unset filters are left out (as the
 * schema's input: the server parses the texts). */
function searchParams<Q extends object>(query: Q): Q {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query as Params)) {
    if (value === undefined || value === null) continue;
    const text = String(value).trim();
    if (text !== '') out[key] = text;
  }
  return out as Q;
}

export function listCourses(list: CourseList, query: Partial<CourseListQuery> = {}, { signal }: CallOptions = {}): Promise<CourseListResponse> {
  return callRoute(courseListRoutes[list], { query: searchParams(query), signal });
}

export function getDepartments({ signal }: CallOptions = {}): Promise<DepartmentList> {
  return callRoute(getDepartmentsRoute, { signal });
}

/** GET courses/{id}; the server counts a click. */
export function getCourse(id: string, { signal }: CallOptions = {}): Promise<CourseDetail> {
  return callRoute(getCourseRoute, { params: { id }, signal });
}

export function enrol(id: string): Promise<void> {
  return callRoute(enrolRoute, { params: { id } });
}

export function likeCourse(id: string): Promise<void> {
  return callRoute(likeCourseRoute, { params: { id } });
}

export function unlikeCourse(id: string): Promise<void> {
  return callRoute(unlikeCourseRoute, { params: { id } });
}

export function listMaterials(query: Partial<MaterialQuery> = {}, { signal }: CallOptions = {}): Promise<MaterialListResponse> {
  return callRoute(listMaterialsRoute, { query: searchParams(query), signal });
}

export function listNews(query: Partial<NewsQuery> = {}, { signal }: CallOptions = {}): Promise<NewsListResponse> {
  return callRoute(listNewsRoute, { query: searchParams(query), signal });
}
