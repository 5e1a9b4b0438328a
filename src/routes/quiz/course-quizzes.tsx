import { useEffect, useState } from 'react';
import { listCourseQuizzes } from '../../api/quizzes.api';
import type { QuizSummary } from '../../api/schemas/quizzes.schema';
import { CourseQuizzesView } from '../../ui/quiz/course-quizzes-view';

/** The course page's quizzes section (GET courses/:id/quizzes); nothing while loading or when it fails
 * (the course page has its own states; the quiz page says why a quiz is not available). */
export function CourseQuizzes({ courseId }: { courseId: string }) {
  const [quizzes, setQuizzes] = useState<QuizSummary[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    listCourseQuizzes(courseId, { signal: controller.signal }).then(setQuizzes, () => setQuizzes([]));
    return () => controller.abort();
  }, [courseId]);
  return <CourseQuizzesView courseId={courseId} quizzes={quizzes} />;
}
