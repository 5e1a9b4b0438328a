import { useTranslation } from 'react-i18next';
import { CourseQuizzesView } from '../../ui/quiz/course-quizzes-view';
import { usePagedList } from '../use-paged-list';
import { courseQuizzesMachine } from './quizzes-of-course.actor';

/** The course page's quizzes section (GET courses/:id/quizzes), run by a paged-list actor. */
export function CourseQuizzes({ courseId }: { courseId: string }) {
  const { i18n } = useTranslation();
  const { view, retry } = usePagedList(courseQuizzesMachine, { courseId, lang: i18n.language });
  return <CourseQuizzesView courseId={courseId} quizzes={view.result?.data ?? []} failed={view.status === 'failed'} onRetry={retry} />;
}
