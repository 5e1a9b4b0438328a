import { coursePath } from '../../api/schemas/courses.paths.ts';
import type { PageFirstReads } from '../first-reads';

// ADR 088: the course page reads the course.

export const courseDetailFirstReads: PageFirstReads = {
  page: '/course/:courseId',
  reads: [{ path: coursePath, params: { id: 'courseId' } }],
};
