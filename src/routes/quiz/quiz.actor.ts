import { fromCallback, fromPromise, sendParent, type EventObject } from 'xstate';
import { ApiRequestError } from '../../api/api-error';
import { getAttempt, getQuiz, listQuizRecords, pauseAttempt, resumeAttempt, saveAnswer, startAttempt, submitAttempt } from '../../api/quizzes.api';
import { QUIZ_ERROR_CODE, type Attempt } from '../../api/schemas/quizzes.schema';
import type { SendOutcome, QuizProblem, Clock } from '../../machines/quiz-attempt/quiz-attempt.machine';
import { quizAttemptMachine } from '../../machines/quiz-attempt/quiz-attempt.machine';
import { quizMachine } from '../../machines/quiz/quiz.machine';
import { createQuizJournal, type JournalEntry, type QuizJournal } from '../../platform/storage/quiz-journal';

// The ONE place that wires the quiz page's machines to real I/O (DESIGN §2, ADR 019, ADR 027): the
// quiz API, the journal in local storage, the ticker (the page's clock and the network), and the
// identity prompt of continual authentication.

/** The page's one clock. */
export const wallClock: Clock = () => Date.now();

/** What a failed call means to the attempt (the machine imports nothing from the API layer). */
export function problemOf(error: unknown): QuizProblem {
  if (error instanceof ApiRequestError) {
    if (error.status === 0) return { kind: 'offline' };
    const code = error.body?.code;
    if (code === QUIZ_ERROR_CODE.quizTimeUp || code === QUIZ_ERROR_CODE.quizSubmitted || code === QUIZ_ERROR_CODE.quizMultipleChoiceSubmitted) return { kind: 'closed' };
    if (code === QUIZ_ERROR_CODE.identityCheckRequired) return { kind: 'identity' };
    // An identity prompt holds the attempt (ADR 030): the answer stays unsent and is tried again.
    if (code === QUIZ_ERROR_CODE.quizPaused) return { kind: 'offline' };
    return { kind: 'refused', message: error.message || null };
  }
  if (error instanceof TypeError) return { kind: 'offline' };
  return { kind: 'refused', message: null };
}

const rethrow = (error: unknown): never => {
  throw problemOf(error);
};

export interface QuizWiring {
  now?: Clock;
  journal?: QuizJournal;
  /** Opens the identity prompt (continual authentication's manual check). */
  requestIdentityCheck?: () => void;
  /** Window events (tests pass a fake). */
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'> & { document?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'> };
  tickMs?: number;
}

/** The attempt's ticker: `tick` every second and when a hidden tab shows again, `network.online` when the browser is back. */
export function tickerLogic(target: NonNullable<QuizWiring['target']>, tickMs: number) {
  return fromCallback<EventObject>(({ sendBack }) => {
    const tick = () => sendBack({ type: 'tick' });
    const online = () => sendBack({ type: 'network.online' });
    const visible = () => {
      if (target.document?.visibilityState !== 'hidden') tick();
    };
    const timer = setInterval(tick, tickMs);
    target.addEventListener('online', online);
    target.document?.addEventListener('visibilitychange', visible);
    return () => {
      clearInterval(timer);
      target.removeEventListener('online', online);
      target.document?.removeEventListener('visibilitychange', visible);
    };
  });
}

/**
 * An attempt read while a pause holds it (a reload during an identity prompt) has no questions
 * (issue 43): the page's prompt is gone, so the pause is ended — the server gives back only the time
 * until a check it recorded as passed, nothing without one — and the attempt comes with its questions.
 */
export async function unpaused(attempt: Attempt): Promise<Attempt> {
  return attempt.status === 'open' && attempt.paused ? resumeAttempt(attempt.id) : attempt;
}

/** The attempt machine with the real API and the journal. */
export function quizAttemptLogic({ journal = createQuizJournal(), target = window, tickMs = 1000 }: QuizWiring = {}) {
  return quizAttemptMachine.provide({
    actors: {
      loadQuiz: fromPromise(async ({ input, signal }) => {
        const [quiz, records] = await Promise.all([getQuiz(input.quizId, { signal }), listQuizRecords(input.quizId, { signal })]).catch(rethrow);
        return { quiz, records };
      }),
      startAttempt: fromPromise(({ input }) => startAttempt(input.quizId).catch(rethrow)),
      loadAttempt: fromPromise(({ input, signal }) => getAttempt(input.attemptId, { signal }).then(unpaused).catch(rethrow)),
      // One PUT per answer, in order; a 400 (max choices, unknown option) is that answer's refusal.
      sendAnswers: fromPromise(async ({ input }): Promise<SendOutcome> => {
        const outcome: SendOutcome = { saved: [], refused: [] };
        for (const answer of input.answers) {
          try {
            outcome.saved.push(await saveAnswer(input.attemptId, answer.questionId, { value: answer.value, seq: answer.seq }));
          } catch (error) {
            if (error instanceof ApiRequestError && error.status === 400) outcome.refused.push({ questionId: answer.questionId, seq: answer.seq, message: error.message || null });
            else throw problemOf(error);
          }
        }
        return outcome;
      }),
      submitAttempt: fromPromise(({ input }) => submitAttempt(input.attemptId).catch(rethrow)),
      ticker: tickerLogic(target, tickMs),
    },
    actions: {
      keepJournal: (_, params) => {
        const { attemptId, unsent } = params as { attemptId: string; unsent: JournalEntry[] };
        journal.write(attemptId, unsent);
      },
    },
  });
}

const RESUME_TRIES = 3;
const RESUME_RETRY_MS = 1000;

async function withRetries<T>(call: () => Promise<T>, tries: number, waitMs: number): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      if (attempt >= tries || problemOf(error).kind !== 'offline') throw error;
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}

/** The page machine with its child wired. */
export function quizLogic(wiring: QuizWiring = {}) {
  const { requestIdentityCheck } = wiring;
  const child = quizAttemptLogic(wiring);
  return quizMachine.provide({
    // The child tells the page when an exam's start needs an identity check (as quizMachine does).
    actors: {
      attempt: child.provide({ actions: { askIdentity: sendParent({ type: 'attempt.identityRequired' }) } }),
      pauseClock: fromPromise<unknown, { attemptId: string }>(({ input }) => pauseAttempt(input.attemptId)),
      // A resume lost on a bad network is tried twice more: until it arrives, answers wait on the server.
      resumeClock: fromPromise<Attempt, { attemptId: string }>(({ input }) => withRetries(() => resumeAttempt(input.attemptId), RESUME_TRIES, RESUME_RETRY_MS)),
    },
    actions: { requestIdentityCheck: () => requestIdentityCheck?.() },
  });
}

/** The journal's unsent answers, for the machine's input. */
export function journalReader(journal: QuizJournal = createQuizJournal()) {
  return (attemptId: string) => journal.read(attemptId);
}
