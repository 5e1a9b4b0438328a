import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MockPracticeView } from '../../machines/mock-practice/mock-practice.selectors';
import { LoadingOverlay } from '../layout/loading-overlay';
import { Button } from '../primitives/button';
import '../quiz/quiz.css';
import './mock-exams.css';

export interface MockExamsPracticeViewProps {
  view: MockPracticeView;
  /** The way back to the overview. */
  back: ReactNode;
  onRetry: () => void;
  onChoose: (optionId: string) => void;
  onCheck: () => void;
  onNext: () => void;
  onFinish: () => void;
  onAgain: () => void;
}

/** Practice mode of a mock paper (ADR 028): a question, its check, the server's correct answer and explanation, the next one, the score. */
export function MockExamsPracticeView(p: MockExamsPracticeViewProps) {
  const { t } = useTranslation();
  const { view } = p;
  if (view.status === 'loading') return <LoadingOverlay text={t('mock-exams:loading')} />;
  if (view.status === 'load_failed') {
    return (
      <section className="mock-exams" data-testid="mock-practice-view">
        <div role="alert" className="mock-exams__error">
          <p>{t('mock-exams:load_failed')}</p>
          {view.problem ? <p>{view.problem}</p> : null}
          <Button onClick={p.onRetry}>{t('mock-exams:retry')}</Button>
        </div>
        {p.back}
      </section>
    );
  }
  const heading = <h1>{t('mock-exams:practice.heading', { paper: view.paperTitle })}</h1>;
  if (view.status === 'finishing' || view.status === 'finish_failed') {
    return (
      <section className="mock-exams" data-testid="mock-practice-view">
        {heading}
        {view.status === 'finishing' ? (
          <p role="status">{t('mock-exams:practice.finishing')}</p>
        ) : (
          <div role="alert" className="mock-exams__error">
            <p>{t('mock-exams:practice.finish_failed')}</p>
            {view.problem ? <p>{view.problem}</p> : null}
            <Button onClick={p.onRetry}>{t('mock-exams:retry')}</Button>
          </div>
        )}
        {p.back}
      </section>
    );
  }
  if (view.status === 'finished') {
    return (
      <section className="mock-exams" data-testid="mock-practice-view">
        {heading}
        <div role="status" data-testid="mock-practice-finished">
          <h2>{t('mock-exams:practice.finished')}</h2>
          {view.result ? <p>{t('mock-exams:practice.score', { score: view.result.score, full: view.result.full_marks })}</p> : null}
        </div>
        <div className="mock-exams__actions">
          <Button variant="primary" onClick={p.onAgain}>
            {t('mock-exams:practice.again')}
          </Button>
          {p.back}
        </div>
      </section>
    );
  }
  const { question, reveal } = view;
  const multiple = question.kind === 'multiple';
  const locked = view.status !== 'question';
  return (
    <section className="mock-exams" data-testid="mock-practice-view">
      {heading}
      <fieldset className="quiz-question mock-practice__question" data-testid="mock-practice-question">
        <legend>
          <span>{t('mock-exams:practice.question_of', { index: view.index + 1, count: view.count })}</span>
          <span>{question.text}</span>
          {multiple && question.maxChoices !== null ? <span className="mock-practice__hint">{t('mock-exams:practice.choose_up_to', { count: question.maxChoices })}</span> : null}
        </legend>
        <ul className="quiz-question__options">
          {question.options.map((o) => (
            <li key={o.id} className={o.correct === null ? undefined : o.correct ? 'mock-practice__option--correct' : o.chosen ? 'mock-practice__option--wrong' : undefined}>
              <label>
                <input
                  type={multiple ? 'checkbox' : 'radio'}
                  name={`practice-${question.id}`}
                  checked={o.chosen}
                  disabled={locked}
                  onChange={() => p.onChoose(o.id)}
                />
                <span>{o.text}</span>
              </label>
            </li>
          ))}
        </ul>
        {view.refused && question.maxChoices !== null ? (
          <p role="alert" className="quiz-question__error">
            {t('mock-exams:practice.max_choices', { count: question.maxChoices })}
          </p>
        ) : null}
      </fieldset>
      {view.status === 'saving' ? <p role="status">{t('mock-exams:practice.saving')}</p> : null}
      {view.status === 'save_failed' ? (
        <div role="alert" className="mock-exams__error">
          <p>{t('mock-exams:practice.save_failed')}</p>
          {view.problem ? <p>{view.problem}</p> : null}
          <Button onClick={p.onRetry}>{t('mock-exams:retry')}</Button>
        </div>
      ) : null}
      {reveal ? (
        <div className={reveal.correct ? 'mock-practice__reveal mock-practice__reveal--correct' : 'mock-practice__reveal mock-practice__reveal--wrong'} role="status" data-testid="mock-practice-reveal">
          <p className="mock-practice__verdict">{t(reveal.correct ? 'mock-exams:practice.correct' : 'mock-exams:practice.incorrect')}</p>
          <p>{t('mock-exams:practice.correct_answer', { answer: reveal.correctAnswer.join(', ') })}</p>
          {reveal.explanation ? (
            <>
              <h2>{t('mock-exams:practice.explanation')}</h2>
              <p data-testid="mock-practice-explanation">{reveal.explanation}</p>
            </>
          ) : null}
        </div>
      ) : null}
      <div className="mock-exams__actions">
        {view.status === 'revealed' ? (
          <Button variant="primary" onClick={p.onNext} data-testid="mock-practice-next">
            {t(view.isLast ? 'mock-exams:practice.finish' : 'mock-exams:practice.next')}
          </Button>
        ) : (
          <Button variant="primary" onClick={p.onCheck} disabled={!view.canCheck} data-testid="mock-practice-check">
            {t('mock-exams:practice.check')}
          </Button>
        )}
        {view.status !== 'saving' && !(view.status === 'revealed' && view.isLast) ? (
          <Button variant="ghost" onClick={p.onFinish} data-testid="mock-practice-finish">
            {t('mock-exams:practice.finish')}
          </Button>
        ) : null}
        {p.back}
      </div>
    </section>
  );
}
