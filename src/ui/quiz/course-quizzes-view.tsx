import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { QuizSummary } from '../../api/schemas/quizzes.schema';
import './quiz.css';

export interface CourseQuizzesViewProps {
  courseId: string;
  quizzes: QuizSummary[];
  /** The list could not be loaded: say so and offer a retry (the course page itself still works). */
  failed?: boolean;
  onRetry?: () => void;
}

/** The course page's quizzes and examinations: availability, start / resume / retake, best result, retake alert. */
export function CourseQuizzesView({ courseId, quizzes, failed = false, onRetry }: CourseQuizzesViewProps) {
  const { t } = useTranslation();
  if (failed && quizzes.length === 0)
    return (
      <section className="course-quizzes" role="alert" data-testid="course-quizzes-failed">
        <p>{t('quiz:course_quizzes_failed')}</p>
        <button type="button" className="btn" onClick={onRetry}>
          {t('quiz:retry')}
        </button>
      </section>
    );
  if (quizzes.length === 0) return null;
  return (
    <section className="course-quizzes" aria-labelledby="course-quizzes-title" data-testid="course-quizzes">
      <h2 id="course-quizzes-title">{t('quiz:course_quizzes')}</h2>
      <ul>
        {quizzes.map((quiz) => {
          const action = quiz.open_attempt_id ? 'quiz:resume' : quiz.availability !== 'available' ? 'quiz:open_quiz' : quiz.failed_attempts > 0 ? 'quiz:retake' : 'quiz:start';
          return (
            <li key={quiz.id} data-testid="course-quiz">
              <div>
                <strong>{quiz.title}</strong> <span>({t(quiz.kind === 'exam' ? 'quiz:kind_exam' : 'quiz:kind_quiz')})</span>
                {quiz.availability !== 'available' ? <p>{t(`quiz:not_available_${quiz.availability}`)}</p> : null}
                {quiz.best_result ? <p>{t('quiz:best_result', { score: quiz.best_result.score, full: quiz.best_result.full_marks })}</p> : null}
                {quiz.retake_alert ? <p role="note">{t('quiz:retake_alert')}</p> : null}
              </div>
              <Link to={`/course/${courseId}/quiz/${quiz.id}`} className="btn btn--accent">
                {t(action)}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
