import { listCourseQuizzes } from '../../api/quizzes.api';
import type { QuizSummary } from '../../api/schemas/quizzes.schema';
import { createPagedListMachine } from '../../machines/paged-list/paged-list.machine';
import { loadPage } from '../paged-list.actor';

/** The course page's quizzes section: one page of a list per course and interface language (a
 * language change asks again for the texts; the latest answer wins; a failure offers a retry). */
export type CourseQuizzesQuery = { courseId: string; lang: string };

export const courseQuizzesMachine = createPagedListMachine<QuizSummary, CourseQuizzesQuery>('courseQuizzes').provide({
  actors: {
    loadPage: loadPage<QuizSummary, CourseQuizzesQuery>(async ({ courseId }, signal) => {
      const quizzes = await listCourseQuizzes(courseId, { signal });
      return { data: quizzes, page: 1, per_page: quizzes.length, total: quizzes.length };
    }),
  },
});
