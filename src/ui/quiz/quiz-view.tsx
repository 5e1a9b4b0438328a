import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { QuizSummary } from '../../api/schemas/quizzes.schema';
import type { QuizPageView } from '../../machines/quiz-attempt/quiz-attempt.selectors';
import { ConfirmationModal } from '../dialogs/confirmation-modal';
import { LoadingOverlay } from '../layout/loading-overlay';
import { Button } from '../primitives/button';
import { QuizQuestion } from './quiz-question';
import { certificatePath, formatDate, QuizRecords } from './quiz-records';
import { QuizTimer } from './quiz-timer';
import './quiz.css';

export interface QuizViewProps {
  view: QuizPageView;
  courseId: string;
  onRetry: () => void;
  onStart: () => void;
  onChoose: (questionId: string, optionId: string) => void;
  onType: (questionId: string, text: string) => void;
  onCommit: (questionId: string) => void;
  onGo: (index: number) => void;
  onToggleTimer: () => void;
  onSubmit: () => void;
  onConfirm: () => void;
  onCancelConfirm: () => void;
  onRetake: () => void;
  /** Replaces the link back to the course (a page that is not a course's, e.g. the mock exam). */
  back?: ReactNode;
  /** A paper that may be sat again (a mock exam): a passed result does not say "already submitted". */
  repeatable?: boolean;
}

function QuizFacts({ quiz }: { quiz: QuizSummary }) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="quiz-facts">
      <li>{t('quiz:questions', { count: quiz.question_count })}</li>
      <li>{t('quiz:pass_mark', { pass: quiz.pass_mark, full: quiz.full_marks })}</li>
      <li>{quiz.time_limit_minutes === null ? t('quiz:untimed') : t('quiz:time_limit', { minutes: quiz.time_limit_minutes, count: quiz.time_limit_minutes })}</li>
      {quiz.extra_minutes > 0 ? <li>{t('quiz:extra_time', { minutes: quiz.extra_minutes, count: quiz.extra_minutes })}</li> : null}
      {quiz.closes_at ? <li>{t('quiz:closes_at', { date: formatDate(quiz.closes_at, i18n.language) })}</li> : null}
      <li>{quiz.attempts_allowed === null ? t('quiz:attempts_unlimited', { used: quiz.attempts_used }) : t('quiz:attempts', { used: quiz.attempts_used, allowed: quiz.attempts_allowed })}</li>
      {quiz.best_result ? <li>{t('quiz:best_result', { score: quiz.best_result.score, full: quiz.best_result.full_marks })}</li> : null}
    </ul>
  );
}

function RetakeAlert({ quiz, shown = quiz.retake_alert }: { quiz: QuizSummary; shown?: boolean }) {
  const { t } = useTranslation();
  return shown ? (
    <p role="alert" className="quiz-view__alert" data-testid="quiz-retake-alert">
      {t('quiz:retake_alert')}
    </p>
  ) : null;
}

/** /course/:courseId/quiz/:quizId: a quiz or examination, from its intro to its result. Props in,
 * callbacks out; every state comes from the quiz-attempt selectors. */
export function QuizView(p: QuizViewProps) {
  const { t, i18n } = useTranslation();
  const { view } = p;
  const back = p.back ?? (
    <Link to={`/course/${p.courseId}`} className="quiz-view__back">
      {t('quiz:back_to_course')}
    </Link>
  );
  if (view.status === 'loading') return <LoadingOverlay text={t('quiz:loading')} />;
  if (view.status === 'load_failed') {
    return (
      <section className="quiz-view" data-testid="quiz-view">
        <div role="alert">
          <h1>{t('quiz:load_failed')}</h1>
          {view.message ? <p>{view.message}</p> : null}
          <Button onClick={p.onRetry}>{t('quiz:retry')}</Button>
        </div>
        {back}
      </section>
    );
  }
  const quiz = view.quiz;
  const heading = (
    <header className="quiz-view__header">
      <p className="quiz-view__kind">{t(quiz.kind === 'exam' ? 'quiz:kind_exam' : 'quiz:kind_quiz')}</p>
      <h1 id="quiz-title">{quiz.title}</h1>
    </header>
  );
  if (view.status === 'not_available' || view.status === 'intro') {
    return (
      <section className="quiz-view" aria-labelledby="quiz-title" data-testid="quiz-view" data-state={view.status}>
        {heading}
        {quiz.description ? <p>{quiz.description}</p> : null}
        <QuizFacts quiz={quiz} />
        <RetakeAlert quiz={quiz} />
        {view.status === 'not_available' ? (
          <p className="quiz-view__notice" data-testid="quiz-not-available">
            {t(`quiz:not_available_${quiz.availability}`)}
          </p>
        ) : (
          <div className="quiz-view__actions">
            {view.problem ? (
              <p role="alert" className="quiz-view__error">
                {view.problem}
              </p>
            ) : null}
            {view.identityCheck ? <p role="status">{t('quiz:identity_check')}</p> : null}
            <Button variant="accent" onClick={p.onStart} disabled={view.starting || view.identityCheck} data-testid="quiz-start">
              {view.starting ? t('quiz:starting') : t(quiz.failed_attempts > 0 ? 'quiz:retake' : 'quiz:start')}
            </Button>
          </div>
        )}
        <QuizRecords records={view.records} certificateHref={quiz.kind === 'exam' ? (attemptId) => certificatePath(p.courseId, quiz.id, attemptId) : undefined} />
        {back}
      </section>
    );
  }
  if (view.status === 'answering') {
    const question = view.questions[view.index];
    const total = view.questions.length;
    return (
      <section className="quiz-view quiz-view--answering" aria-labelledby="quiz-title" data-testid="quiz-view" data-state="answering">
        {heading}
        <div className="quiz-view__bar">
          {view.timer ? <QuizTimer timer={view.timer} onToggle={p.onToggleTimer} /> : null}
          <p className={`quiz-save quiz-save--${view.save}`} role="status" data-testid="quiz-save-status" data-save={view.save}>
            {t(view.save === 'saved' ? 'quiz:saved' : view.save === 'saving' ? 'quiz:saving' : 'quiz:not_saved')}
          </p>
        </div>
        {view.cutByClosingTime ? (
          <p className="quiz-view__notice" data-testid="quiz-cut-by-closing">
            {t('quiz:cut_by_closing_time')}
          </p>
        ) : null}
        {view.paused ? (
          <p role="status" className="quiz-view__notice" data-testid="quiz-paused">
            {t('quiz:paused')}
          </p>
        ) : null}
        {/* Issue 43: while the identity prompt is open the questions are not shown (nor served). */}
        {view.paused ? null : (
          <>
            <nav className="quiz-view__index" aria-label={t('quiz:questions', { count: total })}>
              {view.questions.map((q, i) => (
                <button
                  key={q.id}
                  type="button"
                  className={`quiz-view__dot${i === view.index ? ' quiz-view__dot--current' : ''}${q.answered ? ' quiz-view__dot--answered' : ''}`}
                  aria-current={i === view.index ? 'step' : undefined}
                  onClick={() => p.onGo(i)}
                >
                  {i + 1}
                </button>
              ))}
            </nav>
            {question ? (
              <QuizQuestion
                key={question.id}
                question={question}
                total={total}
                disabled={view.paused}
                onChoose={(optionId) => p.onChoose(question.id, optionId)}
                onType={(text) => p.onType(question.id, text)}
                onBlur={() => p.onCommit(question.id)}
              />
            ) : null}
            <div className="quiz-view__actions">
              <Button onClick={() => p.onGo(view.index - 1)} disabled={view.index === 0} data-testid="quiz-previous">
                {t('quiz:previous')}
              </Button>
              <Button onClick={() => p.onGo(view.index + 1)} disabled={view.index >= total - 1} data-testid="quiz-next">
                {t('quiz:next')}
              </Button>
              <Button variant="accent" onClick={p.onSubmit} disabled={view.confirming} data-testid="quiz-submit">
                {t('quiz:submit')}
              </Button>
            </div>
          </>
        )}
        {/* Issue 43: unanswered questions are named before a submit; only the buttons close it. */}
        <ConfirmationModal
          open={view.confirming && !view.paused}
          title={t('quiz:confirm_title')}
          content={t('quiz:confirm_body', { count: view.unanswered })}
          confirmLabel={t('quiz:confirm_submit')}
          cancelLabel={t('quiz:confirm_cancel')}
          onConfirm={p.onConfirm}
          onCancel={p.onCancelConfirm}
        />
      </section>
    );
  }
  if (view.status === 'submitting') {
    return (
      <section className="quiz-view" aria-labelledby="quiz-title" data-testid="quiz-view" data-state="submitting" aria-busy={!view.offline && !view.refused}>
        {heading}
        <p role="status">{t(view.offline ? 'quiz:submit_offline' : 'quiz:submitting')}</p>
        {view.refused ? (
          <div role="alert">
            <p>{view.problem ?? t('quiz:submit_failed')}</p>
            <Button onClick={p.onRetry}>{t('quiz:retry')}</Button>
          </div>
        ) : null}
      </section>
    );
  }
  const result = view.result;
  return (
    <section className="quiz-view" aria-labelledby="quiz-title" data-testid="quiz-view" data-state="result">
      {heading}
      <div className={`quiz-result quiz-result--${view.passed ? 'pass' : 'fail'}`} data-testid="quiz-result">
        <h2>{t('quiz:result_title')}</h2>
        <p className="quiz-result__verdict" data-testid="quiz-result-verdict">
          {t(view.passed ? 'quiz:pass' : 'quiz:fail')}
        </p>
        {result ? (
          <>
            <p data-testid="quiz-result-score">{t('quiz:score', { score: result.score, full: result.full_marks })}</p>
            <p>{t('quiz:started_at', { date: formatDate(result.started_at, i18n.language) })}</p>
            <p>{t('quiz:completed_at', { date: formatDate(result.completed_at, i18n.language) })}</p>
            {view.automatic ? <p data-testid="quiz-result-automatic">{t('quiz:finished_by_deadline')}</p> : null}
          </>
        ) : null}
        {view.passed && !p.repeatable ? <p data-testid="quiz-already-submitted">{t('quiz:not_available_submitted')}</p> : null}
        {/* SPEC §8 "failed quiz (retry)": a failed result says whether the learner may try again. */}
        {!view.passed && view.canRetake ? <p data-testid="quiz-fail-retry">{t('quiz:fail_may_retry')}</p> : null}
        {!view.passed && !view.canRetake && quiz.availability === 'no_attempts_left' ? <p data-testid="quiz-fail-retry">{t('quiz:fail_no_attempts_left')}</p> : null}
      </div>
      <RetakeAlert quiz={quiz} shown={view.retakeAlert} />
      {view.canRetake ? (
        <Button variant="accent" onClick={p.onRetake} disabled={view.starting} data-testid="quiz-retake">
          {t('quiz:retake')}
        </Button>
      ) : null}
      {view.review.length > 0 ? (
        <section aria-labelledby="quiz-review-title" className="quiz-review">
          <h2 id="quiz-review-title">{t('quiz:review')}</h2>
          {/* Issue 43: the key is kept back while another attempt is left. */}
          {quiz.availability === 'available' ? <p data-testid="quiz-review-key-later">{t('quiz:review_key_later')}</p> : null}
          <ol>
            {view.review.map(({ question, review }) => (
              <li key={question.id}>
                <p>{question.text}</p>
                <p className={review.correct ? 'quiz-review__correct' : 'quiz-review__incorrect'}>{t(review.correct ? 'quiz:correct' : 'quiz:incorrect')}</p>
                {review.correct_answer.length > 0 ? (
                  <p>
                    {t('quiz:correct_answer', {
                      answer: review.correct_answer.map((id) => question.options.find((o) => o.id === id)?.text ?? id).join(', '),
                    })}
                  </p>
                ) : null}
                {review.explanation ? <p>{review.explanation}</p> : null}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {back}
    </section>
  );
}
