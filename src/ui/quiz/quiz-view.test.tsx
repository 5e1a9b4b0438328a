import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { quizAttemptMachine, type QuizAttemptContext } from '../../machines/quiz-attempt/quiz-attempt.machine';
import { finishedAttempt, openAttempt, sampleQuiz, sampleRecords, sampleResult, T0 } from '../../machines/quiz-attempt/quiz-attempt.fixtures';
import { selectQuizPageView, type QuizAttemptSnapshot } from '../../machines/quiz-attempt/quiz-attempt.selectors';
import { renderWithI18n } from '../testing/render';
import { QuizView, type QuizViewProps } from './quiz-view';

const base: QuizAttemptContext = {
  quizId: '7', now: () => T0, readJournal: () => [], quiz: sampleQuiz, records: [], attempt: openAttempt(), answers: {}, saved: {}, drafts: {}, refusals: {},
  index: 0, offset: 0, lastTick: T0, timerHidden: false, paused: false, pausedAt: null, result: null, problem: null, timedOut: false,
};
const view = (value: unknown, context: Partial<QuizAttemptContext> = {}) =>
  selectQuizPageView(quizAttemptMachine.resolveState({ value: value as never, context: { ...base, ...context } }) as QuizAttemptSnapshot);

function show(v: QuizViewProps['view'], lang: 'en' | 'zh' = 'en') {
  const handlers = { onRetry: vi.fn(), onStart: vi.fn(), onChoose: vi.fn(), onType: vi.fn(), onCommit: vi.fn(), onGo: vi.fn(), onToggleTimer: vi.fn(), onSubmit: vi.fn(), onConfirm: vi.fn(), onCancelConfirm: vi.fn(), onRetake: vi.fn() };
  renderWithI18n(
    <MemoryRouter>
      <QuizView view={v} courseId="2" {...handlers} />
    </MemoryRouter>,
    lang,
  );
  return handlers;
}

describe('quiz view', () => {
  it('shows the max-choices refusal in the question, translated', () => {
    show(view({ answering: { form: 'editing', sync: 'idle' } }, { index: 1, answers: { q2: { value: ['a', 'b'], seq: 2 } }, saved: { q2: 2 }, refusals: { q2: { kind: 'max_choices', message: null } } }), 'zh');
    expect(screen.getByRole('alert')).toHaveTextContent('最多只能選擇 2 個答案。');
    expect(screen.getByTestId('quiz-save-status')).toHaveTextContent('所有答案已儲存');
  });

  it('sends a choice and a typed text with blur, and says not saved while offline', async () => {
    const h = show(view({ answering: { form: 'editing', sync: 'offline' } }, { answers: { q1: { value: ['a'], seq: 1 } } }));
    expect(screen.getByTestId('quiz-save-status')).toHaveAttribute('data-save', 'offline');
    await userEvent.click(screen.getByRole('radio', { name: 'The agent' }));
    expect(h.onChoose).toHaveBeenCalledWith('q1', 'b');
    await userEvent.click(screen.getByRole('button', { name: '3' }));
    expect(h.onGo).toHaveBeenCalledWith(2);
  });

  it('announces the time left in a live region, keeps announcing with the timer hidden, and toggles it', async () => {
    const h = show(view({ answering: { form: 'editing', sync: 'idle' } }, { lastTick: T0 + 9 * 60_000 + 40_000, timerHidden: true }));
    expect(screen.queryByTestId('quiz-time-left')).toBeNull();
    expect(screen.getByTestId('quiz-time-announcement')).toHaveTextContent('Less than 30 seconds left.');
    expect(screen.getByTestId('quiz-time-announcement')).toHaveAttribute('aria-live', 'assertive');
    await userEvent.click(screen.getByRole('button', { name: 'Show the timer' }));
    expect(h.onToggleTimer).toHaveBeenCalled();
  });

  it('shows the result with its dates, the retake and the retake alert', async () => {
    const failed = finishedAttempt(false, { failed_attempts: 2, retake_alert: true });
    const h = show(view('failed', { attempt: failed, quiz: failed.quiz, result: failed.result }));
    const result = screen.getByTestId('quiz-result');
    expect(within(result).getByText('Failed')).toBeInTheDocument();
    expect(within(result).getByText('Score: 1 of 3')).toBeInTheDocument();
    expect(screen.getByTestId('quiz-retake-alert')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('quiz-retake'));
    expect(h.onRetake).toHaveBeenCalled();
  });

  it('tells a failed learner they may retry (SPEC §8)', () => {
    const failed = finishedAttempt(false);
    const failedView = view('failed', { attempt: failed, quiz: failed.quiz, result: failed.result });
    show(failedView);
    expect(screen.getByTestId('quiz-fail-retry')).toHaveTextContent('You did not reach the pass mark. You may retry: press Retake when you are ready.');
    expect(screen.getByTestId('quiz-retake')).toBeInTheDocument();
  });

  it('says so instead when no attempt is left, and offers no retake', () => {
    const last = finishedAttempt(false, { availability: 'no_attempts_left' });
    show(view('failed', { attempt: last, quiz: last.quiz, result: last.result }), 'zh');
    expect(screen.getByTestId('quiz-fail-retry')).toHaveTextContent('您未達合格分數，且已沒有作答次數。');
    expect(screen.queryByTestId('quiz-retake')).toBeNull();
  });

  it('says nothing of retrying on a pass', () => {
    const passed = finishedAttempt(true);
    show(view('passed', { attempt: passed, quiz: passed.quiz, result: passed.result }));
    expect(screen.queryByTestId('quiz-fail-retry')).toBeNull();
  });

  it('asks to confirm a submit with unanswered questions, naming how many with a real plural, in the shared confirmation dialog (issue 43)', async () => {
    const h = show(view({ answering: { form: 'confirming', sync: 'idle' } }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('3 questions are unanswered. Submit anyway?');
    expect(screen.getByTestId('confirmation-modal')).toBe(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep answering' }));
    expect(h.onCancelConfirm).toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit anyway' }));
    expect(h.onConfirm).toHaveBeenCalled();
  });

  it('names one unanswered question in the singular', () => {
    show(view({ answering: { form: 'confirming', sync: 'idle' } }, { answers: { q1: { value: ['a'], seq: 1 }, q2: { value: ['a'], seq: 1 } } }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('1 question is unanswered. Submit anyway?');
  });

  it('in Traditional Chinese names the unanswered questions', () => {
    show(view({ answering: { form: 'confirming', sync: 'idle' } }), 'zh');
    expect(screen.getByRole('alertdialog')).toHaveTextContent('有 3 條題目尚未作答，仍要提交嗎？');
  });

  it('while an identity prompt is open shows no question and no submit, only that the time stands (issue 43)', () => {
    show(view({ answering: { form: 'editing', sync: 'idle' } }, { paused: true, pausedAt: T0 }));
    expect(screen.getByTestId('quiz-paused')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByTestId('quiz-submit')).toBeNull();
  });

  it('a result submitted at time-up says so; a passed quiz shows no retake alert (issue 43)', () => {
    const failed = finishedAttempt(false);
    show(view('failed', { attempt: failed, quiz: failed.quiz, result: failed.result, timedOut: true }));
    expect(screen.getByTestId('quiz-result-automatic')).toHaveTextContent('Submitted automatically at time-up');
    // Another attempt is left: the review says when the key comes.
    expect(screen.getByTestId('quiz-review-key-later')).toHaveTextContent('once you have passed or have no attempt left');
  });

  it('a passed result shows no "failed several times" alert even if the quiz had many failures', () => {
    const passed = finishedAttempt(true);
    show(view('passed', { attempt: passed, quiz: { ...passed.quiz, retake_alert: true }, result: passed.result }));
    expect(screen.queryByTestId('quiz-retake-alert')).toBeNull();
    expect(screen.queryByTestId('quiz-result-automatic')).toBeNull();
  });

  it('an examination\'s records link each passed attempt to its certificate (SPEC §3); a quiz\'s do not', () => {
    const records = [sampleResult(true, { attempt_id: '42' }), ...sampleRecords];
    show(view('notAvailable', { quiz: { ...sampleQuiz, kind: 'exam', availability: 'submitted' }, records }));
    const links = screen.getAllByTestId('quiz-record-certificate');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', `/course/2/quiz/${sampleQuiz.id}/attempts/42/certificate`);
    expect(links[0]).toHaveAccessibleName(/^Certificate of the attempt completed /);
    expect(screen.getByRole('columnheader', { name: 'Certificate' })).toBeInTheDocument();
  });

  it('a quiz (not an examination) has no certificate column', () => {
    show(view('notAvailable', { quiz: { ...sampleQuiz, kind: 'quiz', availability: 'submitted' }, records: [sampleResult(true, { attempt_id: '42' })] }));
    expect(screen.queryByTestId('quiz-record-certificate')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Certificate' })).toBeNull();
  });
});
