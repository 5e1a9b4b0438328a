import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CourseQuizzesView } from '../../ui/quiz/course-quizzes-view';
import { usePagedList } from '../use-paged-list';
import { courseQuizzesMachine } from './quizzes-of-course.actor';

/**
 * The course page's quizzes section (GET courses/:id/quizzes), run by a paged-list actor.
 * `after` is what the page shows below it (the feedback form of a completed course). It is mounted
 * at once, so it loads beside the quizzes, but kept hidden until the quizzes have first answered:
 * otherwise a section arriving late above it would push it down under the learner's pointer.
 */
export function CourseQuizzes({ courseId, after }: { courseId: string; after?: ReactNode }) {
  const { i18n } = useTranslation();
  const { view, retry } = usePagedList(courseQuizzesMachine, { courseId, lang: i18n.language });
  const [answered, setAnswered] = useState(false);
  useEffect(() => {
    if (view.status !== 'loading') setAnswered(true);
  }, [view.status]);
  return (
    <>
      <CourseQuizzesView courseId={courseId} quizzes={view.result?.data ?? []} failed={view.status === 'failed'} onRetry={retry} />
      {after ? (
        <div hidden={!answered} data-testid="course-quizzes-after">
          {after}
        </div>
      ) : null}
    </>
  );
}
