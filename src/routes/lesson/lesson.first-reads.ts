import { coursePath } from '../../api/schemas/courses.paths.ts';
import { courseTotalPath } from '../../api/schemas/on-screen-time.paths.ts';
import type { PageFirstReads } from '../first-reads';

// ADR 088: the lesson reads the course, and its timer the course's on-screen total on every opening
// (unless it sends time left from an earlier visit first: then it asks again, see page-data.ts).

export const lessonFirstReads: PageFirstReads = {
  page: '/lesson/:courseId/:itemId',
  reads: [
    { path: coursePath, params: { id: 'courseId' } },
    { path: courseTotalPath, params: { id: 'courseId' } },
  ],
};
