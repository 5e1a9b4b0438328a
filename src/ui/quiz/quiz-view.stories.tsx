import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { fn } from 'storybook/test';
import { quizAttemptMachine, type QuizAttemptContext } from '../../machines/quiz-attempt/quiz-attempt.machine';
import { finishedAttempt, openAttempt, sampleQuiz, sampleRecords, sampleResult, T0 } from '../../machines/quiz-attempt/quiz-attempt.fixtures';
import { selectQuizPageView, type QuizAttemptSnapshot } from '../../machines/quiz-attempt/quiz-attempt.selectors';
import { QuizView } from './quiz-view';
import { machineDiagramStory } from '../testing/machine-diagram';

// Every visible state of the quiz page, from the machine's own states through the selectors.

const base: QuizAttemptContext = {
  quizId: '7',
  now: () => T0,
  readJournal: () => [],
  quiz: sampleQuiz,
  records: sampleRecords,
  attempt: null,
  answers: {},
  saved: {},
  drafts: {},
  refusals: {},
  index: 0,
  offset: 0,
  lastTick: T0,
  timerHidden: false,
  paused: false,
  pausedAt: null,
  result: null,
  problem: null,
  timedOut: false,
};

const view = (value: unknown, context: Partial<QuizAttemptContext> = {}) =>
  selectQuizPageView(quizAttemptMachine.resolveState({ value: value as never, context: { ...base, ...context } }) as QuizAttemptSnapshot);

const running = openAttempt();
const answering = (sync: 'idle' | 'saving' | 'offline', context: Partial<QuizAttemptContext> = {}, form: 'editing' | 'confirming' = 'editing') =>
  view({ answering: { form, sync } }, { attempt: running, quiz: running.quiz, ...context });
const answered = { q1: { value: ['a'], seq: 2 }, q2: { value: ['a', 'b'], seq: 3 } };

const meta = {
  title: 'Pages/Quiz',
  component: QuizView,
  // The views link back to the course and to the quiz pages.
  decorators: [
    (Story) => (
      <MemoryRouter>
        <Story />
      </MemoryRouter>
    ),
  ],
  args: {
    view: view('ready'),
    courseId: '2',
    onRetry: fn(),
    onStart: fn(),
    onChoose: fn(),
    onType: fn(),
    onCommit: fn(),
    onGo: fn(),
    onToggleTimer: fn(),
    onSubmit: fn(),
    onConfirm: fn(),
    onCancelConfirm: fn(),
    onRetake: fn(),
  },
} satisfies Meta<typeof QuizView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { view: view('loading', { quiz: null }) } };
export const LoadFailed: Story = { args: { view: view('loadFailed', { quiz: null, problem: 'The service is unavailable.' }) } };
export const Intro: Story = {};
export const IntroRetakeAlert: Story = { args: { view: view('ready', { quiz: { ...sampleQuiz, failed_attempts: 2, retake_alert: true } }) } };
export const Starting: Story = { args: { view: view('starting') } };
export const StartRefused: Story = { args: { view: view('ready', { problem: 'This quiz is closed.' }) } };
export const IdentityCheck: Story = { args: { view: view('identityCheck', { quiz: { ...sampleQuiz, kind: 'exam', identity_check_at_start: true } }) } };
export const NotAvailableCourseIncomplete: Story = { args: { view: view('notAvailable', { quiz: { ...sampleQuiz, availability: 'course_incomplete' }, records: [] }) } };
export const NotAvailableSubmitted: Story = { args: { view: view('notAvailable', { quiz: { ...sampleQuiz, availability: 'submitted' } }) } };
/** SPEC §3: a passed examination's record links to its certificate. */
export const NotAvailableExamPassedCertificate: Story = {
  args: { view: view('notAvailable', { quiz: { ...sampleQuiz, kind: 'exam', availability: 'submitted' }, records: [sampleResult(true, { attempt_id: '42' }), ...sampleRecords] }) },
};
export const AnsweringSaved: Story = { args: { view: answering('idle', { answers: answered, saved: { q1: 2, q2: 3 } }) } };
export const AnsweringSaving: Story = { args: { view: answering('saving', { answers: answered, saved: { q1: 2 } }) } };
export const AnsweringOffline: Story = { args: { view: answering('offline', { answers: answered, saved: {} }) } };
export const MaxChoicesRefused: Story = {
  args: { view: answering('idle', { answers: answered, saved: { q1: 2, q2: 3 }, index: 1, refusals: { q2: { kind: 'max_choices', message: null } } }) },
};
export const ShortText: Story = { args: { view: answering('saving', { index: 2, drafts: { q3: 'Insurance Auth' } }) } };
export const ConfirmUnanswered: Story = { args: { view: answering('idle', {}, 'confirming') } };
export const CutByClosingTime: Story = { args: { view: answering('idle', { attempt: openAttempt({ cut: true, deadlineIn: 4 * 60_000 }) }) } };
/** Issue 43: the identity prompt alone; the time shown stands at the prompt's opening. */
export const PausedForIdentity: Story = { args: { view: answering('idle', { paused: true, pausedAt: T0, lastTick: T0 + 12_000 }) } };
export const TimerFiveMinutes: Story = { args: { view: answering('idle', { lastTick: T0 + 5 * 60_000 + 10_000 }) } };
export const TimerOneMinute: Story = { args: { view: answering('idle', { lastTick: T0 + 9 * 60_000 + 15_000 }) } };
export const TimerWarning: Story = { args: { view: answering('idle', { lastTick: T0 + 9 * 60_000 + 40_000 }) } };
export const TimerHidden: Story = { args: { view: answering('idle', { timerHidden: true, lastTick: T0 + 9 * 60_000 + 40_000 }) } };
export const Submitting: Story = { args: { view: view({ submitting: 'posting' }, { attempt: running }) } };
export const SubmitOffline: Story = { args: { view: view({ submitting: 'offline' }, { attempt: running }) } };
export const SubmitRefused: Story = { args: { view: view({ submitting: 'refused' }, { attempt: running, problem: 'The service is unavailable.' }) } };
const passed = finishedAttempt(true);
export const ResultPassed: Story = { args: { view: view('passed', { attempt: passed, quiz: passed.quiz, result: passed.result }) } };
const firstFail = finishedAttempt(false);
/** SPEC §8 "failed quiz (retry)": the result says the learner may retry. */
export const ResultFailedMayRetry: Story = { args: { view: view('failed', { attempt: firstFail, quiz: firstFail.quiz, result: firstFail.result }) } };
const failed = finishedAttempt(false, { failed_attempts: 2, retake_alert: true });
export const ResultFailedRetake: Story = { args: { view: view('failed', { attempt: failed, quiz: failed.quiz, result: failed.result }) } };
const last = finishedAttempt(false, { availability: 'no_attempts_left' });
export const ResultFailedNoAttemptsLeft: Story = { args: { view: view('failed', { attempt: { ...last, review: [] }, quiz: last.quiz, result: last.result }) } };
export const ResultTimedOut: Story = {
  args: { view: view('failed', { attempt: failed, quiz: failed.quiz, result: { ...failed.result!, finished_by: 'deadline' } }) },
};
/** Issue 43: submitted at time-up by the page (within the grace): the result says it was automatic. */
export const ResultSubmittedAtTimeUp: Story = { args: { view: view('failed', { attempt: firstFail, quiz: firstFail.quiz, result: firstFail.result, timedOut: true }) } };
/** Issue 43: a key withheld while an attempt is left (no correct answers, no explanations). */
export const ResultFailedKeyWithheld: Story = {
  args: { view: view('failed', { attempt: { ...firstFail, review: firstFail.review.map((r) => ({ ...r, correct_answer: [], explanation: '' })) }, quiz: firstFail.quiz, result: firstFail.result }) },
};

// The machine behind these stories (docs/machines/, generated from its definition).
export const QuizDiagram = machineDiagramStory('quiz');
export const QuizAttemptDiagram = machineDiagramStory('quiz-attempt');
