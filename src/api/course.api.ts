import { http } from './http';
import { expectEmpty, parseJson } from './parse';
import {
  courseDetailSchema,
  courseListResponseSchema,
  departmentListSchema,
  materialListResponseSchema,
  newsListResponseSchema,
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

/** Only the parameters that say something: blank texts and unset filters are left out. */
function searchParams(query: Params): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const text = String(value).trim();
    if (text !== '') out[key] = text;
  }
  return out;
}

/** The path of each list: `all` is the collection itself. */
function listPath(list: CourseList): string {
  return list === 'all' ? 'courses' : `courses/${list}`;
}

export function listCourses(list: CourseList, query: Partial<CourseListQuery> = {}, { signal }: CallOptions = {}): Promise<CourseListResponse> {
  return parseJson(courseListResponseSchema, http.get(listPath(list), { searchParams: searchParams(query), signal }));
}

export function getDepartments({ signal }: CallOptions = {}): Promise<DepartmentList> {
  return parseJson(departmentListSchema, http.get('courses/departments', { signal }));
}

/** GET courses/{id}; the server counts a click. */
export function getCourse(id: string, { signal }: CallOptions = {}): Promise<CourseDetail> {
  return parseJson(courseDetailSchema, http.get(`courses/${encodeURIComponent(id)}`, { signal }));
}

export function enrol(id: string): Promise<void> {
  return expectEmpty(http.post(`courses/${encodeURIComponent(id)}/enrol`));
}

export function likeCourse(id: string): Promise<void> {
  return expectEmpty(http.put(`courses/${encodeURIComponent(id)}/like`));
}

export function unlikeCourse(id: string): Promise<void> {
  return expectEmpty(http.delete(`courses/${encodeURIComponent(id)}/like`));
}

export function listMaterials(query: Partial<MaterialQuery> = {}, { signal }: CallOptions = {}): Promise<MaterialListResponse> {
  return parseJson(materialListResponseSchema, http.get('materials', { searchParams: searchParams(query), signal }));
}

export function listNews(query: Partial<NewsQuery> = {}, { signal }: CallOptions = {}): Promise<NewsListResponse> {
  return parseJson(newsListResponseSchema, http.get('news', { searchParams: searchParams(query), signal }));
}
