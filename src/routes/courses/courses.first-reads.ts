import { courseListPaths, departmentsPath } from '../../api/schemas/courses.paths.ts';
import type { CourseList } from '../../api/schemas/courses.schema';
import { DEFAULT_COVER_URL } from '../../config/constants.ts';
import type { PageFirstReads } from '../first-reads';
import { catalogueQuery } from './list-params.ts';

// ADR 088: a catalogue list reads its list as the address asks for it and the department filter's
// choices. The first card's cover is the page's largest picture (ADR 048).

/** The lists with a page of their own in the router (the search has none). */
export const CATALOGUE_PAGES = ['all', 'latest', 'ranking', 'recommended', 'mine'] as const satisfies readonly CourseList[];

export function catalogueFirstReads(list: CourseList): PageFirstReads {
  return {
    page: `/courses/${list}`,
    reads: [
      { path: courseListPaths[list], query: (search) => catalogueQuery(list, search), firstImage: { list: 'data', field: 'cover_url', fallback: DEFAULT_COVER_URL } },
      { path: departmentsPath },
    ],
  };
}
