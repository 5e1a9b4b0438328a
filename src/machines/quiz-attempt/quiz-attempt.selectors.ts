import type { SnapshotFrom } from 'xstate';
import type { AnswerValue, QuestionKind, QuestionReview, QuizRecordList, QuizResult, QuizSummary } from '../../api/schemas/quizzes.schema';
import { shownValue, timeLeftMs, unanswered, unsentOf, type quizAttemptMachine, type QuizAttemptContext } from './quiz-attempt.machine';

export type QuizAttemptSnapshot = SnapshotFrom<typeof quizAttemptMachine>;

/** WCAG 2.2.1: the warning comes at least 20 s before time-up (here 30 s). */
export const WARNING_SECONDS = 30;
/** Spoken milestones (minutes left). */
export const ANNOUNCE_MINUTES = [5, 1] as const;

export type TimerAnnouncement = 'five_minutes' | 'one_minute' | 'warning' | null;

export interface TimerView {
  /** Whole seconds left (never below 0), from the server's deadline and the measured offset. */
  secondsLeft: number;
  hidden: boolean;
  /** In the last WARNING_SECONDS: the warning shows (and is announced). */
  warning: boolean;
  /** What the aria-live region says now (it speaks when this changes). */
  announcement: TimerAnnouncement;
}

export interface QuestionView {
  id: string;
  position: number;
  kind: QuestionKind;
  text: string;
  points: number;
  required: boolean;
  options: { id: string; text: string; chosen: boolean }[];
  maxChoices: number | null;
  /** Text questions: the text shown (what is typed, or the held answer). */
  text_value: string;
  answered: boolean;
  /** The form refused a choice beyond max_choices, or the server refused the save. */
  refusal: { kind: 'max_choices' | 'server'; message: string | null } | null;
}

export type SaveStatus = 'saved' | 'saving' | 'offline';

export type QuizPageView =
  | { status: 'loading' }
  | { status: 'load_failed'; message: string | null }
  | { status: 'not_available'; quiz: QuizSummary; records: QuizRecordList }
  | { status: 'intro'; quiz: QuizSummary; records: QuizRecordList; problem: string | null; starting: boolean; identityCheck: boolean }
  | {
      status: 'answering';
      quiz: QuizSummary;
      questions: QuestionView[];
      index: number;
      save: SaveStatus;
      timer: TimerView | null;
      cutByClosingTime: boolean;
      confirming: boolean;
      /** Questions without an answer (the confirmation names how many). */
      unanswered: number;
      paused: boolean;
    }
  | { status: 'submitting'; quiz: QuizSummary; timer: TimerView | null; offline: boolean; problem: string | null; refused: boolean; timedOut: boolean }
  | {
      status: 'result';
      quiz: QuizSummary;
      result: QuizResult | null;
      passed: boolean;
      /** Submitted at time-up, not by the learner (issue 43: the result says so). */
      automatic: boolean;
      canRetake: boolean;
      retakeAlert: boolean;
      review: { question: QuestionView; review: QuestionReview }[];
      starting: boolean;
      problem: string | null;
    };

/** The timer: a view of the deadline (recomputed from the last tick's clock), never a count. */
export function timerView(context: Pick<QuizAttemptContext, 'attempt' | 'offset' | 'lastTick' | 'timerHidden'> & { pausedAt?: number | null }): TimerView | null {
  const left = timeLeftMs(context);
  if (left === null) return null;
  const secondsLeft = Math.max(0, Math.ceil(left / 1000));
  const announcement: TimerAnnouncement =
    secondsLeft <= WARNING_SECONDS ? 'warning' : secondsLeft <= ANNOUNCE_MINUTES[1] * 60 ? 'one_minute' : secondsLeft <= ANNOUNCE_MINUTES[0] * 60 ? 'five_minutes' : null;
  return { secondsLeft, hidden: context.timerHidden, warning: secondsLeft <= WARNING_SECONDS, announcement };
}

const asText = (value: AnswerValue | undefined): string => (typeof value === 'string' ? value : '');
const asChoices = (value: AnswerValue | undefined): string[] => (Array.isArray(value) ? value : []);

export function questionViews(context: QuizAttemptContext): QuestionView[] {
  return (context.attempt?.questions ?? []).map((q) => {
    const value = shownValue(context, q.id);
    const chosen = asChoices(value);
    return {
      id: q.id,
      position: q.position,
      kind: q.kind,
      text: q.text,
      points: q.points,
      required: q.required,
      options: q.options.map((o) => ({ id: o.id, text: o.text, chosen: chosen.includes(o.id) })),
      maxChoices: q.max_choices,
      text_value: asText(value),
      answered: Array.isArray(value) ? value.length > 0 : asText(value).trim() !== '',
      refusal: context.refusals[q.id] ?? null,
    };
  });
}

/** saved / saving / not saved: what the page says about the answers. */
export function saveStatus(snapshot: QuizAttemptSnapshot): SaveStatus {
  if (snapshot.matches({ answering: { sync: 'offline' } })) return 'offline';
  if (snapshot.matches({ answering: { sync: 'saving' } }) || unsentOf(snapshot.context).length > 0 || Object.keys(snapshot.context.drafts).length > 0) return 'saving';
  return 'saved';
}

export function selectQuizPageView(snapshot: QuizAttemptSnapshot): QuizPageView {
  const c = snapshot.context;
  if (snapshot.matches('loading') || (!c.quiz && !snapshot.matches('loadFailed'))) return { status: 'loading' };
  if (snapshot.matches('loadFailed') || !c.quiz) return { status: 'load_failed', message: c.problem };
  const quiz = c.quiz;
  if (snapshot.matches('notAvailable')) return { status: 'not_available', quiz, records: c.records };
  if (snapshot.matches('ready') || snapshot.matches('identityCheck') || (snapshot.matches('starting') && !c.result)) {
    return { status: 'intro', quiz, records: c.records, problem: c.problem, starting: snapshot.matches('starting'), identityCheck: snapshot.matches('identityCheck') };
  }
  if (snapshot.matches('resuming')) return { status: 'loading' };
  if (snapshot.matches('answering')) {
    return {
      status: 'answering',
      quiz,
      questions: questionViews(c),
      index: c.index,
      save: saveStatus(snapshot),
      timer: timerView(c),
      cutByClosingTime: c.attempt?.cut_by_closing_time ?? false,
      confirming: snapshot.matches({ answering: { form: 'confirming' } }),
      unanswered: unanswered(c).length,
      paused: c.paused,
    };
  }
  if (snapshot.matches('submitting') || snapshot.matches('fetchingResult') || snapshot.matches('resultFailed')) {
    return {
      status: 'submitting',
      quiz,
      timer: timerView(c),
      offline: snapshot.matches({ submitting: 'offline' }) || snapshot.matches('resultFailed'),
      problem: c.problem,
      refused: snapshot.matches({ submitting: 'refused' }),
      timedOut: c.timedOut,
    };
  }
  // passed, failed (and starting a retake from the result)
  const questions = questionViews(c);
  const review = (c.attempt?.review ?? []).flatMap((r) => {
    const question = questions.find((q) => q.id === r.question_id);
    return question ? [{ question, review: r }] : [];
  });
  return {
    status: 'result',
    quiz,
    result: c.result,
    passed: snapshot.matches('passed'),
    automatic: c.timedOut || c.result?.finished_by === 'deadline',
    canRetake: snapshot.can({ type: 'retake' }),
    // Issue 43: "failed several times" is not said of a quiz that is passed.
    retakeAlert: quiz.retake_alert && !snapshot.matches('passed'),
    review,
    starting: snapshot.matches('starting'),
    problem: c.problem,
  };
}

/** The question index to keep in the URL (a reload returns to it). */
export const selectQuestionIndex = (snapshot: QuizAttemptSnapshot): number | null => (snapshot.matches('answering') ? snapshot.context.index : null);

/** The attempt is running (continual authentication guards the page only then). */
export const selectRunning = (snapshot: QuizAttemptSnapshot): boolean => snapshot.matches('answering') || snapshot.matches('submitting');
