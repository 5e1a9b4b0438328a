import { catalogueFirstReads, CATALOGUE_PAGES } from './courses/courses.first-reads.ts';
import { courseDetailFirstReads } from './course-detail/course-detail.first-reads.ts';
import { layoutFirstReads } from './layout/layout.first-reads.ts';
import { lessonFirstReads } from './lesson/lesson.first-reads.ts';
import type { PageFirstReads } from './first-reads';

// ADR 088: every page that declares first reads, the layout's first (its read goes with every page
// under it). build/early-script.ts writes the early script from this list; the router's loaders
// take the same declarations (router.tsx).

export const FIRST_READ_PAGES: readonly PageFirstReads[] = [layoutFirstReads, ...CATALOGUE_PAGES.map(catalogueFirstReads), courseDetailFirstReads, lessonFirstReads];
