import { callRoute } from './call-route';
import { listQuery, type CallOptions } from './list-query';
import type { OfflineCourseDetail, OfflineCourseListResponse, OfflineCourseQuery } from './schemas/offline-courses.schema';
import { getOfflineCourseRoute, listOfflineCoursesRoute } from './schemas/offline-courses.routes';

// Classroom (offline) courses (issue 14, ADR 031).

export function listOfflineCourses(query: Partial<OfflineCourseQuery> = {}, { signal }: CallOptions = {}): Promise<OfflineCourseListResponse> {
  return callRoute(listOfflineCoursesRoute, { query: listQuery(query), signal });
}

export function getOfflineCourse(courseId: string, { signal }: CallOptions = {}): Promise<OfflineCourseDetail> {
  return callRoute(getOfflineCourseRoute, { params: { id: courseId }, signal });
}
