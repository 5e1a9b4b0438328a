import { callRoute } from './call-route';
import { listQuery, type CallOptions } from './list-query';
import { afterPendingWrites } from './page-data';
import {
  courseListRoutes,
  enrolRoute,
  getCourseRoute,
  getDepartmentsRoute,
  likeCourseRoute,
  unlikeCourseRoute,
} from './schemas/courses.routes';
import {
  type CourseDetail,
  type CourseList,
  type CourseListQuery,
  type CourseListResponse,
  type DepartmentList,
} from './schemas/courses.schema';

// Learning content (issue 5): the catalogue lists and a course (materials and news: their own files).

export function listCourses(list: CourseList, query: Partial<CourseListQuery> = {}, { signal }: CallOptions = {}): Promise<CourseListResponse> {
  return callRoute(courseListRoutes[list], { query: listQuery(query), signal });
}

export function getDepartments({ signal }: CallOptions = {}): Promise<DepartmentList> {
  return callRoute(getDepartmentsRoute, { signal });
}

/** GET courses/{id}; the server counts a click. Waits for this tab's on-screen records in flight
 * (page-data.ts): the course's completion depends on them. */
export async function getCourse(id: string, { signal }: CallOptions = {}): Promise<CourseDetail> {
  await afterPendingWrites();
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
