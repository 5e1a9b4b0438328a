import { assign, cancel, fromCallback, raise, fromPromise, setup, type EventObject } from 'xstate';
import type { AnswerValue, Attempt, Question, QuizRecordList, QuizResult, QuizSummary, SavedAnswer } from '../../api/schemas/quizzes.schema';

/** The one clock of the page (ms since the epoch): Date.now in the app, a fake in tests. */
export type Clock = () => number;

/** An answer as the browser holds it: the value and its per-question sequence (only grows). */
export interface HeldAnswer {
  value: AnswerValue;
  seq: number;
}

/** An answer not yet confirmed by the server (what the journal keeps). */
export interface UnsentAnswer extends HeldAnswer {
  questionId: string;
}

/**
 * Why a call failed, as the actor file classifies it (the machine imports nothing from the API):
 * `offline` no answer (retry later); `closed` the server finished the attempt (403 QuizTimeUp /
 * QuizSubmitted); `identity` an exam needs an identity check first (403 IdentityCheckRequired);
 * `refused` any other refusal, with the server's translated message.
 */
export type QuizProblem = { kind: 'offline' } | { kind: 'closed' } | { kind: 'identity' } | { kind: 'refused'; message: string | null };

export const problemKind = (error: unknown): QuizProblem['kind'] => (error as QuizProblem | undefined)?.kind ?? 'refused';
const problemMessage = (error: unknown): string | null => {
  const problem = error as QuizProblem | undefined;
  return problem?.kind === 'refused' ? problem.message : null;
};

/** What the intro needs: the quiz with the caller's standing and their records. */
export interface QuizLoaded {
  quiz: QuizSummary;
  records: QuizRecordList;
}

/** What sendAnswers resolves with: the answers the server holds now, and those it refused (400). */
export interface SendOutcome {
  saved: SavedAnswer[];
  refused: { questionId: string; seq: number; message: string | null }[];
}

export interface QuizAttemptInput {
  quizId: string;
  now: Clock;
  /** The question shown first (a reload keeps it in the URL). */
  index?: number;
  /** The journal's unsent answers of an attempt (local storage; [] in tests). */
  readJournal?: (attemptId: string) => UnsentAnswer[];
}

export interface QuizAttemptContext {
  quizId: string;
  now: Clock;
  readJournal: (attemptId: string) => UnsentAnswer[];
  quiz: QuizSummary | null;
  records: QuizRecordList;
  attempt: Attempt | null;
  /** Per question: the browser's answer (the highest seq it knows). */
  answers: Record<string, HeldAnswer>;
  /** Per question: the highest seq the server confirmed. */
  saved: Record<string, number>;
  /** Per text question: what is typed and not yet committed (debounced ~1 s, or blur). */
  drafts: Record<string, string>;
  /** Per question: the server's refusal of a save (400), or the form's max-choices refusal. */
  refusals: Record<string, { kind: 'max_choices' | 'server'; message: string | null }>;
  index: number;
  /** server clock − local clock, measured when the attempt arrived (ms). */
  offset: number;
  /** The local clock at the last tick: the view computes time left from it, never by counting. */
  lastTick: number;
  timerHidden: boolean;
  /** An identity prompt is open: answering waits. */
  paused: boolean;
  /** The local clock when the prompt opened: the time shown stands there until the resume (issue 43). */
  pausedAt: number | null;
  result: QuizResult | null;
  /** A refusal to show (start refused, submit failed, load failed). */
  problem: string | null;
  /** The submission was triggered by time-up (not by the learner). */
  timedOut: boolean;
}

export type QuizAttemptEvent =
  | { type: 'retry' }
  | { type: 'start' }
  | { type: 'identity.passed' }
  | { type: 'identity.cancelled' }
  | { type: 'answer.choose'; questionId: string; optionId: string }
  | { type: 'answer.type'; questionId: string; text: string }
  /** Blur of a text field, or the debounce's end: the typed text is saved now. */
  | { type: 'answer.commit'; questionId: string }
  | { type: 'question.go'; index: number }
  | { type: 'timer.toggle' }
  /** From the ticker: every second and when a hidden tab shows again. */
  | { type: 'tick' }
  | { type: 'network.online' }
  | { type: 'submit' }
  | { type: 'submit.confirm' }
  | { type: 'submit.cancel' }
  | { type: 'retake' }
  /** From the page machine: an identity prompt opened / closed. */
  | { type: 'pause' }
  | { type: 'resume' }
  /** From the page machine: the server moved the deadline on after an identity prompt (ADR 030). */
  | { type: 'deadline.moved'; attemptId: string; deadlineAt: string | null; serverNow: string };

/** Debounce of a typed answer before it is saved (ms). */
export const TYPING_DEBOUNCE_MS = 1000;
/** Offline: the next try of unsent answers (also at once when the browser says it is online). */
export const OFFLINE_RETRY_MS = 5000;

/** Writes the journal after every change of what is unsent. */
const journal = {
  type: 'keepJournal',
  params: ({ context }: { context: QuizAttemptContext }) => ({ attemptId: context.attempt?.id ?? '', unsent: unsentOf(context) }),
} as const;

const notProvided = (name: string) => () => {
  throw new Error(`${name} must be provided (src/routes/quiz/quiz.actor.ts)`);
};

const questionOf = (context: Pick<QuizAttemptContext, 'attempt'>, id: string): Question | undefined => context.attempt?.questions.find((q) => q.id === id);

/** Answers whose seq the server has not confirmed (the journal's content). */
export function unsentOf(context: Pick<QuizAttemptContext, 'answers' | 'saved'>): UnsentAnswer[] {
  return Object.entries(context.answers)
    .filter(([id, held]) => held.seq > (context.saved[id] ?? 0))
    .map(([questionId, held]) => ({ questionId, ...held }));
}

export const isAnswered = (value: AnswerValue | undefined): boolean => (Array.isArray(value) ? value.length > 0 : typeof value === 'string' && value.trim() !== '');

/** The value shown for a question: the draft being typed, or the held answer. */
export function shownValue(context: Pick<QuizAttemptContext, 'answers' | 'drafts'>, questionId: string): AnswerValue | undefined {
  return context.drafts[questionId] ?? context.answers[questionId]?.value;
}

/** Required questions without an answer. */
export function unansweredRequired(context: Pick<QuizAttemptContext, 'attempt' | 'answers' | 'drafts'>): Question[] {
  return unanswered(context).filter((q) => q.required);
}

/** Questions without an answer: a manual submit with any of them asks first, naming how many (issue 43). */
export function unanswered(context: Pick<QuizAttemptContext, 'attempt' | 'answers' | 'drafts'>): Question[] {
  return (context.attempt?.questions ?? []).filter((q) => !isAnswered(shownValue(context, q.id)));
}

/**
 * ms left: the server's deadline against the local clock corrected by the measured offset. While an
 * identity prompt is open the clock stands at the prompt's opening (issue 43: the server's does too;
 * its resume moves the deadline by the time it measured).
 */
export function timeLeftMs(context: Pick<QuizAttemptContext, 'attempt' | 'offset' | 'lastTick'> & { pausedAt?: number | null }, at: number = context.lastTick): number | null {
  const deadline = context.attempt?.deadline_at;
  if (!deadline) return null;
  const shownAt = context.pausedAt == null ? at : Math.min(at, context.pausedAt);
  return Date.parse(deadline) - (shownAt + context.offset);
}

/** Server answers merged with journal answers of a higher seq. */
function adopt(context: QuizAttemptContext, attempt: Attempt): Partial<QuizAttemptContext> {
  const answers: Record<string, HeldAnswer> = {};
  const saved: Record<string, number> = {};
  for (const a of attempt.answers) {
    answers[a.question_id] = { value: a.value, seq: a.seq };
    saved[a.question_id] = a.seq;
  }
  if (attempt.status === 'open') {
    const known = new Set(attempt.questions.map((q) => q.id));
    for (const j of context.readJournal(attempt.id)) {
      if (known.has(j.questionId) && j.seq > (answers[j.questionId]?.seq ?? 0)) answers[j.questionId] = { value: j.value, seq: j.seq };
    }
  }
  const now = context.now();
  const last = Math.max(0, attempt.questions.length - 1);
  return {
    attempt,
    quiz: attempt.quiz,
    answers,
    saved,
    drafts: {},
    refusals: {},
    offset: Date.parse(attempt.server_now) - now,
    lastTick: now,
    index: Math.min(Math.max(0, context.index), last),
    result: attempt.result,
    problem: null,
    // The result of the attempt time-up submitted says so (the server's own record may call it the learner's, within the grace).
    timedOut: context.attempt?.id === attempt.id ? context.timedOut : false,
  };
}

function commitDrafts(context: QuizAttemptContext): Partial<QuizAttemptContext> {
  const answers = { ...context.answers };
  for (const [id, text] of Object.entries(context.drafts)) {
    const held = answers[id];
    if (held && held.value === text) continue;
    answers[id] = { value: text, seq: (held?.seq ?? 0) + 1 };
  }
  return { answers, drafts: {} };
}

/**
 * SPEC §2–§5, §8, issue 13: one quiz or examination attempt, owned by the server. Loads the quiz
 * (intro with records, or why it is not available), starts or resumes the one open attempt, saves
 * every answer as it is given with a growing seq (choices at once, text debounced and on blur),
 * keeps unsent answers in the journal and replays them when the server is reachable, shows time
 * left from the server's deadline, flushes and submits at time-up, and shows the result (retake
 * when allowed). Effects are placeholders provided by src/routes/quiz/quiz.actor.ts.
 */
export const quizAttemptMachine = setup({
  types: {
    input: {} as QuizAttemptInput,
    context: {} as QuizAttemptContext,
    events: {} as QuizAttemptEvent,
  },
  actors: {
    /** GET quizzes/{id} and its records. */
    loadQuiz: fromPromise<QuizLoaded, { quizId: string }>(notProvided('loadQuiz')),
    /** POST quizzes/{id}/attempts (the open one, or a new one); rejects with a QuizProblem. */
    startAttempt: fromPromise<Attempt, { quizId: string }>(notProvided('startAttempt')),
    /** GET quiz_attempts/{id}; rejects with a QuizProblem. */
    loadAttempt: fromPromise<Attempt, { attemptId: string }>(notProvided('loadAttempt')),
    /** PUT each unsent answer; rejects with a QuizProblem (offline: nothing lost, the journal keeps them). */
    sendAnswers: fromPromise<SendOutcome, { attemptId: string; answers: UnsentAnswer[] }>(notProvided('sendAnswers')),
    /** POST quiz_attempts/{id}/submit; rejects with a QuizProblem. */
    submitAttempt: fromPromise<QuizResult, { attemptId: string }>(notProvided('submitAttempt')),
    /** Sends `tick` every second and when the tab shows again, `network.online` when the browser is back. */
    ticker: fromCallback<EventObject>(() => undefined),
  },
  actions: {
    /** Writes the unsent answers of the attempt to the journal (local storage). */
    keepJournal: (_, _params: { attemptId: string; unsent: UnsentAnswer[] }) => undefined,
    /** The attempt needs an identity check: the page machine (src/machines/quiz) asks continual authentication. */
    askIdentity: () => undefined,
    adoptQuiz: assign(({ event }) => {
      const { quiz, records } = (event as unknown as { output: QuizLoaded }).output;
      return { quiz, records, problem: null };
    }),
    adoptAttempt: assign(({ context, event }) => adopt(context, (event as unknown as { output: Attempt }).output)),
    noteProblem: assign({ problem: ({ event }) => problemMessage((event as { error?: unknown }).error) }),
    choose: assign(({ context, event }) => {
      if (event.type !== 'answer.choose') return {};
      const question = questionOf(context, event.questionId);
      if (!question) return {};
      const held = context.answers[question.id];
      const current = Array.isArray(held?.value) ? held.value : [];
      const value = question.kind === 'multiple' ? (current.includes(event.optionId) ? current.filter((id) => id !== event.optionId) : [...current, event.optionId]) : [event.optionId];
      const { [question.id]: _dropped, ...refusals } = context.refusals;
      return { answers: { ...context.answers, [question.id]: { value, seq: (held?.seq ?? 0) + 1 } }, refusals };
    }),
    refuseChoice: assign(({ context, event }) => {
      if (event.type !== 'answer.choose') return {};
      return { refusals: { ...context.refusals, [event.questionId]: { kind: 'max_choices' as const, message: null } } };
    }),
    /** One field is typed at a time: a draft of another question is committed first. */
    draft: assign(({ context, event }) => {
      if (event.type !== 'answer.type') return {};
      const { [event.questionId]: _own, ...others } = context.drafts;
      const { answers } = commitDrafts({ ...context, drafts: others });
      return { answers, drafts: { [event.questionId]: event.text } };
    }),
    commit: assign(({ context, event }) => {
      if (event.type !== 'answer.commit') return {};
      const text = context.drafts[event.questionId];
      if (text === undefined) return {};
      const { [event.questionId]: _done, ...drafts } = context.drafts;
      const held = context.answers[event.questionId];
      if (held && held.value === text) return { drafts };
      return { drafts, answers: { ...context.answers, [event.questionId]: { value: text, seq: (held?.seq ?? 0) + 1 } } };
    }),
    commitAll: assign(({ context }) => commitDrafts(context)),
    acknowledge: assign(({ context, event }) => {
      const { saved: confirmed, refused } = (event as unknown as { output: SendOutcome }).output;
      const saved = { ...context.saved };
      const answers = { ...context.answers };
      const refusals = { ...context.refusals };
      for (const a of confirmed) {
        saved[a.question_id] = Math.max(saved[a.question_id] ?? 0, a.seq);
        // The server holds a newer answer than this browser (another tab): it is the one shown.
        if (a.seq > (answers[a.question_id]?.seq ?? 0)) answers[a.question_id] = { value: a.value, seq: a.seq };
      }
      for (const r of refused) {
        // A refused answer is not retried (it would be refused again); the learner sees why.
        saved[r.questionId] = Math.max(saved[r.questionId] ?? 0, r.seq);
        refusals[r.questionId] = { kind: 'server', message: r.message };
      }
      return { saved, answers, refusals };
    }),
    noteTick: assign({ lastTick: ({ context }) => context.now() }),
    adoptResult: assign({ result: ({ event }) => (event as unknown as { output: QuizResult }).output, problem: null }),
  },
  guards: {
    hasOpenAttempt: ({ event }) => (event as unknown as { output: QuizLoaded }).output.quiz.open_attempt_id !== null,
    available: ({ event }) => (event as unknown as { output: QuizLoaded }).output.quiz.availability === 'available',
    finished: ({ event }) => (event as unknown as { output: Attempt }).output.status === 'finished',
    identityNeeded: ({ event }) => problemKind((event as { error?: unknown }).error) === 'identity',
    offline: ({ event }) => problemKind((event as { error?: unknown }).error) === 'offline',
    closed: ({ event }) => problemKind((event as { error?: unknown }).error) === 'closed',
    hasUnsent: ({ context }) => unsentOf(context).length > 0,
    notPaused: ({ context }) => !context.paused,
    knownQuestion: ({ context, event }) => !context.paused && 'questionId' in event && questionOf(context, event.questionId) !== undefined,
    choiceAllowed: ({ context, event }) => {
      if (context.paused || event.type !== 'answer.choose') return false;
      const question = questionOf(context, event.questionId);
      if (!question || !question.options.some((o) => o.id === event.optionId)) return false;
      if (question.kind !== 'multiple' || question.max_choices === null) return true;
      const current = context.answers[question.id]?.value;
      const chosen = Array.isArray(current) ? current : [];
      return chosen.includes(event.optionId) || chosen.length < question.max_choices;
    },
    choiceOfQuestion: ({ context, event }) =>
      !context.paused && event.type === 'answer.choose' && (questionOf(context, event.questionId)?.options.some((o) => o.id === event.optionId) ?? false),
    hasDraft: ({ context, event }) => event.type === 'answer.commit' && context.drafts[event.questionId] !== undefined,
    validIndex: ({ context, event }) => event.type === 'question.go' && Number.isInteger(event.index) && event.index >= 0 && event.index < (context.attempt?.questions.length ?? 0),
    // An open identity prompt stops the clock (ADR 030): time-up waits for the resume and its deadline.
    timeUp: ({ context }) => {
      const left = timeLeftMs(context, context.now());
      return !context.paused && left !== null && left <= 0;
    },
    /** Every question answered and no identity prompt open: a manual submit needs no confirmation. */
    submitAtOnce: ({ context }) => !context.paused && unanswered(context).length === 0,
    passed: ({ context }) => context.result?.pass === true,
    canRetake: ({ context }) => context.quiz?.availability === 'available',
    /** The moved deadline is this open attempt's. */
    ownOpenAttempt: ({ context, event }) => event.type === 'deadline.moved' && context.attempt?.id === event.attemptId && context.attempt.status === 'open',
  },
  delays: {
    offlineRetry: OFFLINE_RETRY_MS,
  },
}).createMachine({
  id: 'quizAttempt',
  context: ({ input }) => ({
    quizId: input.quizId,
    now: input.now,
    readJournal: input.readJournal ?? (() => []),
    quiz: null,
    records: [],
    attempt: null,
    answers: {},
    saved: {},
    drafts: {},
    refusals: {},
    index: input.index ?? 0,
    offset: 0,
    lastTick: 0,
    timerHidden: false,
    paused: false,
    pausedAt: null,
    result: null,
    problem: null,
    timedOut: false,
  }),
  on: {
    // The time shown stops at the prompt's opening, to the millisecond (not at the last tick).
    pause: { actions: assign(({ context }) => (context.pausedAt === null ? { paused: true, pausedAt: context.now(), lastTick: context.now() } : { paused: true })) },
    resume: { actions: assign({ paused: false, pausedAt: null }) },
    'deadline.moved': {
      guard: 'ownOpenAttempt',
      actions: assign(({ context, event }) => ({
        attempt: { ...context.attempt!, deadline_at: event.deadlineAt, server_now: event.serverNow },
        offset: Date.parse(event.serverNow) - context.now(),
      })),
    },
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadQuiz',
        src: 'loadQuiz',
        input: ({ context }) => ({ quizId: context.quizId }),
        onDone: [
          { guard: 'hasOpenAttempt', target: 'resuming', actions: 'adoptQuiz' },
          { guard: 'available', target: 'ready', actions: 'adoptQuiz' },
          { target: 'notAvailable', actions: 'adoptQuiz' },
        ],
        onError: { target: 'loadFailed', actions: 'noteProblem' },
      },
    },
    loadFailed: { on: { retry: 'loading' } },
    /** SPEC §4/§8: course not completed, closed, already submitted, no attempts left. */
    notAvailable: {},
    /** The intro: the quiz, the records, the best result, the retake alert, Start. */
    ready: { on: { start: 'starting' } },
    starting: {
      tags: ['busy'],
      invoke: {
        id: 'startAttempt',
        src: 'startAttempt',
        input: ({ context }) => ({ quizId: context.quizId }),
        onDone: [
          { guard: 'finished', target: 'fetchingResult', actions: 'adoptAttempt' },
          { target: 'answering', actions: 'adoptAttempt' },
        ],
        onError: [
          { guard: 'identityNeeded', target: 'identityCheck' },
          { target: 'ready', actions: 'noteProblem' },
        ],
      },
    },
    /** An exam with continual authentication: the identity check first, then start again. */
    identityCheck: {
      entry: 'askIdentity',
      on: { 'identity.passed': 'starting', 'identity.cancelled': 'ready' },
    },
    /** A reload, a re-authentication: the open attempt with its answers and the journal's. */
    resuming: {
      tags: ['busy'],
      invoke: {
        id: 'loadAttempt',
        src: 'loadAttempt',
        input: ({ context }) => ({ attemptId: context.quiz?.open_attempt_id ?? '' }),
        onDone: [
          { guard: 'finished', target: 'finished', actions: ['adoptAttempt', journal] },
          { target: 'answering', actions: 'adoptAttempt' },
        ],
        onError: { target: 'loadFailed', actions: 'noteProblem' },
      },
    },
    answering: {
      type: 'parallel',
      invoke: { id: 'ticker', src: 'ticker' },
      on: {
        // Time-up: the field being typed is sent now, then the attempt is submitted.
        tick: [
          { guard: 'timeUp', target: 'submitting', actions: ['noteTick', 'commitAll', journal, assign({ timedOut: true })] },
          { actions: 'noteTick' },
        ],
        'answer.choose': [
          { guard: 'choiceAllowed', actions: ['choose', journal] },
          // SPEC §5/§8: more than max_choices is refused with the translated message.
          { guard: 'choiceOfQuestion', actions: 'refuseChoice' },
        ],
        'answer.type': {
          guard: 'knownQuestion',
          actions: [
            'draft',
            // Committed after a pause in typing (a new keystroke restarts the wait).
            cancel('typing'),
            raise(({ event }) => ({ type: 'answer.commit' as const, questionId: event.questionId }), { delay: TYPING_DEBOUNCE_MS, id: 'typing' }),
          ],
        },
        'answer.commit': { guard: 'hasDraft', actions: ['commit', journal] },
        'question.go': { guard: 'validIndex', actions: assign({ index: ({ event }) => event.index }) },
        'timer.toggle': { actions: assign({ timerHidden: ({ context }) => !context.timerHidden }) },
      },
      states: {
        form: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                // While an identity prompt is open nothing is submitted (the page shows no question, issue 43).
                submit: [
                  { guard: 'submitAtOnce', target: '#quizAttempt.submitting', actions: ['commitAll', journal] },
                  { guard: 'notPaused', target: 'confirming' },
                ],
              },
            },
            /** Questions are unanswered: the learner confirms, told how many (a time-up submit never asks). */
            confirming: {
              on: {
                'submit.confirm': { guard: 'notPaused', target: '#quizAttempt.submitting', actions: ['commitAll', journal] },
                'submit.cancel': { guard: 'notPaused', target: 'editing' },
              },
            },
          },
        },
        /** saved / saving / not saved (offline): the page shows which. */
        sync: {
          initial: 'idle',
          states: {
            idle: { always: { guard: 'hasUnsent', target: 'saving' } },
            saving: {
              invoke: {
                id: 'sendAnswers',
                src: 'sendAnswers',
                input: ({ context }) => ({ attemptId: context.attempt?.id ?? '', answers: unsentOf(context) }),
                onDone: { target: 'idle', actions: ['acknowledge', journal] },
                onError: [
                  { guard: 'closed', target: '#quizAttempt.fetchingResult' },
                  { guard: 'offline', target: 'offline' },
                  // Any other failure: kept in the journal, tried again like offline.
                  { target: 'offline' },
                ],
              },
            },
            offline: {
              after: { offlineRetry: 'saving' },
              on: { 'network.online': 'saving' },
            },
          },
        },
      },
    },
    /** Flush every unsent answer, then submit. Unanswered questions never block it. */
    submitting: {
      tags: ['busy'],
      initial: 'flushing',
      states: {
        flushing: { always: [{ guard: 'hasUnsent', target: 'sending' }, { target: 'posting' }] },
        sending: {
          invoke: {
            id: 'sendAnswers',
            src: 'sendAnswers',
            input: ({ context }) => ({ attemptId: context.attempt?.id ?? '', answers: unsentOf(context) }),
            onDone: { target: 'flushing', actions: ['acknowledge', journal] },
            onError: [{ guard: 'closed', target: '#quizAttempt.fetchingResult' }, { target: 'offline' }],
          },
        },
        posting: {
          invoke: {
            id: 'submitAttempt',
            src: 'submitAttempt',
            input: ({ context }) => ({ attemptId: context.attempt?.id ?? '' }),
            onDone: { target: '#quizAttempt.fetchingResult', actions: 'adoptResult' },
            onError: [
              { guard: 'closed', target: '#quizAttempt.fetchingResult' },
              { guard: 'offline', target: 'offline' },
              { target: 'refused', actions: 'noteProblem' },
            ],
          },
        },
        /** Not sent yet: tried again when the browser is back (or every few seconds). */
        offline: {
          after: { offlineRetry: 'flushing' },
          on: { 'network.online': 'flushing' },
        },
        refused: { on: { retry: 'flushing' } },
      },
    },
    /** The finished attempt: its result, review and the quiz's standing (retake, alert). */
    fetchingResult: {
      tags: ['busy'],
      invoke: {
        id: 'loadAttempt',
        src: 'loadAttempt',
        input: ({ context }) => ({ attemptId: context.attempt?.id ?? '' }),
        onDone: [
          { guard: 'finished', target: 'finished', actions: ['adoptAttempt', journal] },
          // Still open (the submit has not reached the server): submit it.
          { target: 'submitting', actions: 'adoptAttempt' },
        ],
        onError: 'resultFailed',
      },
    },
    /** The result could not be read: tried again (the attempt is finished on the server). */
    resultFailed: { after: { offlineRetry: 'fetchingResult' }, on: { 'network.online': 'fetchingResult', retry: 'fetchingResult' } },
    finished: {
      always: [{ guard: 'passed', target: 'passed' }, { target: 'failed' }],
    },
    /** SPEC §8 "already submitted": a passed quiz is never taken again. */
    passed: {},
    /** SPEC §8 "failed quiz (retry)": a retake when attempts are left. */
    failed: { on: { retake: { guard: 'canRetake', target: 'starting' } } },
  },
});

export type QuizAttemptMachine = typeof quizAttemptMachine;
