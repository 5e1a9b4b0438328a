import { sendEarly } from './call-route';
import { listQuery } from './list-query';
import { idTextSchema } from './schemas/bounds.schema';
import { courseListPaths, coursePath, departmentsPath } from './schemas/courses.paths';
import type { CourseList } from './schemas/courses.schema';
import { courseTotalPath } from './schemas/on-screen-time.paths';

// ADR 035: data requests start beside the chunks. The course pages' loaders send here the first
// GETs their page makes, the same requests as its calls (courses.api.ts, on-screen-time.api.ts),
// so that those calls read the answers (early-requests.ts). Small on purpose: the loaders, and so
// this module, are in the first page's JavaScript (no contracts, no response schemas).

const isId = (id: string) => idTextSchema.safeParse(id).success;

/** A catalogue list: the list as its address asks for it (`query`, null for a search without
 * words: nothing to ask), and the department filter's choices, which the page always reads. */
export function prefetchCatalogue(list: CourseList, query: Readonly<Record<string, string | number | undefined>> | null): void {
  if (query) sendEarly(courseListPaths[list], { query: listQuery(query) });
  sendEarly(departmentsPath);
}

/** The course page reads the course (an id the server would refuse is a page that does not exist). */
export function prefetchCourse(courseId: string): void {
  if (isId(courseId)) sendEarly(coursePath, { params: { id: courseId } });
}

/** The lesson reads the course, and its timer the course's on-screen total on every opening
 * (unless it sends time left from an earlier visit first: then it asks again, see early-requests.ts). */
export function prefetchLesson(courseId: string, itemId: string): void {
  if (!isId(courseId) || !isId(itemId)) return;
  sendEarly(coursePath, { params: { id: courseId } });
  sendEarly(courseTotalPath, { params: { id: courseId } });
}
