import { assign, fromPromise, setup } from 'xstate';
import type { MockAttempt, MockReveal, SavedMockAnswer } from '../../api/schemas/mock-exams.schema';
import type { QuizResult } from '../../api/schemas/quizzes.schema';

export interface MockPracticeInput {
  paperId: string;
}

/** One practice save: the question's choice with its per-question sequence (only grows). */
export interface PracticeSave {
  attemptId: string;
  questionId: string;
  value: string[];
  seq: number;
}

/** A failed call, as the actor file tells it (the machine imports nothing from the API): the server's translated message, or null. */
export interface PracticeProblem {
  message: string | null;
}

export interface MockPracticeContext {
  paperId: string;
  attempt: MockAttempt | null;
  /** The question shown (0-based). */
  index: number;
  /** Per question: the options chosen. */
  chosen: Record<string, string[]>;
  /** Per question: the highest seq the server holds. */
  seqs: Record<string, number>;
  /** Per question: the server's correct answer and explanation, once its answer is saved. */
  reveals: Record<string, MockReveal>;
  /** A choice beyond the question's max_choices was refused (SPEC §5). */
  refused: boolean;
  result: QuizResult | null;
  problem: string | null;
}

export type MockPracticeEvent =
  | { type: 'retry' }
  | { type: 'answer.choose'; optionId: string }
  /** Save the chosen answer; the server answers with the correct answer and the explanation. */
  | { type: 'answer.check' }
  | { type: 'next' }
  | { type: 'finish' }
  /** After the result: a new practice attempt of the same paper. */
  | { type: 'again' };

const notProvided = (name: string) => () => {
  throw new Error(`${name} must be provided (src/routes/mock-exams/mock-exams.actor.ts)`);
};

const messageOf = (error: unknown): string | null => (error as PracticeProblem | undefined)?.message ?? null;

export const currentQuestion = (c: Pick<MockPracticeContext, 'attempt' | 'index'>) => c.attempt?.questions[c.index];

/** The first question without a reveal (a resumed practice goes on there), or the last one when all are revealed. */
function placeOf(attempt: MockAttempt): number {
  const revealed = new Set(attempt.reveals.map((r) => r.question_id));
  const first = attempt.questions.findIndex((q) => !revealed.has(q.id));
  return first === -1 ? Math.max(0, attempt.questions.length - 1) : first;
}

function adopt(attempt: MockAttempt): Partial<MockPracticeContext> {
  const chosen: Record<string, string[]> = {};
  const seqs: Record<string, number> = {};
  for (const a of attempt.answers) {
    if (Array.isArray(a.value)) chosen[a.question_id] = a.value;
    seqs[a.question_id] = a.seq;
  }
  return {
    attempt,
    chosen,
    seqs,
    reveals: Object.fromEntries(attempt.reveals.map((r) => [r.question_id, r])),
    index: placeOf(attempt),
    refused: false,
    result: attempt.result,
    problem: null,
  };
}

/**
 * Issue 13 / ADR 028, practice mode of a mock paper: untimed; each question is answered, its
 * answer saved, and the server's correct answer and explanation shown before the next one; load,
 * save and finish failures are shown with a retry. Starting resumes the open practice attempt at
 * its first unanswered question. Effects are placeholders provided by the route's actor file.
 */
export const mockPracticeMachine = setup({
  types: {
    input: {} as MockPracticeInput,
    context: {} as MockPracticeContext,
    events: {} as MockPracticeEvent,
  },
  actors: {
    /** POST mock_papers/{id}/attempts {mode: practice}: the open practice attempt, or a new one. */
    startPractice: fromPromise<MockAttempt, { paperId: string }>(notProvided('startPractice')),
    /** PUT mock_attempts/{id}/answers/{questionId}: the stored answer and its reveal. */
    saveAnswer: fromPromise<SavedMockAnswer, PracticeSave>(notProvided('saveAnswer')),
    /** POST mock_attempts/{id}/submit: the practice's score. */
    finishPractice: fromPromise<QuizResult, { attemptId: string }>(notProvided('finishPractice')),
  },
  actions: {
    adoptAttempt: assign(({ event }) => adopt((event as unknown as { output: MockAttempt }).output)),
    noteProblem: assign({ problem: ({ event }) => messageOf((event as { error?: unknown }).error) }),
    choose: assign(({ context, event }) => {
      const question = currentQuestion(context);
      if (!question || event.type !== 'answer.choose') return {};
      const current = context.chosen[question.id] ?? [];
      const value = question.kind === 'multiple' ? (current.includes(event.optionId) ? current.filter((id) => id !== event.optionId) : [...current, event.optionId]) : [event.optionId];
      return { chosen: { ...context.chosen, [question.id]: value }, refused: false };
    }),
    refuseChoice: assign({ refused: true }),
    adoptReveal: assign(({ context, event }) => {
      const { answer, reveal } = (event as unknown as { output: SavedMockAnswer }).output;
      const value = Array.isArray(answer.value) ? answer.value : [];
      return {
        // The server's answer stands (a practice answer once given is not changed).
        chosen: { ...context.chosen, [answer.question_id]: value },
        seqs: { ...context.seqs, [answer.question_id]: Math.max(context.seqs[answer.question_id] ?? 0, answer.seq) },
        reveals: reveal ? { ...context.reveals, [reveal.question_id]: reveal } : context.reveals,
        problem: null,
      };
    }),
    advance: assign({ index: ({ context }) => context.index + 1, refused: false }),
    adoptResult: assign({ result: ({ event }) => (event as unknown as { output: QuizResult }).output, problem: null }),
    clear: assign({ attempt: null, index: 0, chosen: {}, seqs: {}, reveals: {}, refused: false, result: null, problem: null }),
  },
  guards: {
    allRevealed: ({ event }) => {
      const attempt = (event as unknown as { output: MockAttempt }).output;
      return attempt.questions.length > 0 && attempt.questions.every((q) => attempt.reveals.some((r) => r.question_id === q.id));
    },
    finished: ({ event }) => (event as unknown as { output: MockAttempt }).output.status === 'finished',
    choiceAllowed: ({ context, event }) => {
      const question = currentQuestion(context);
      if (!question || event.type !== 'answer.choose' || !question.options.some((o) => o.id === event.optionId)) return false;
      if (question.kind !== 'multiple' || question.max_choices === null) return true;
      const chosen = context.chosen[question.id] ?? [];
      return chosen.includes(event.optionId) || chosen.length < question.max_choices;
    },
    choiceOfQuestion: ({ context, event }) => event.type === 'answer.choose' && (currentQuestion(context)?.options.some((o) => o.id === event.optionId) ?? false),
    hasChoice: ({ context }) => {
      const question = currentQuestion(context);
      return question !== undefined && (context.chosen[question.id] ?? []).length > 0;
    },
    revealGiven: ({ event }) => (event as unknown as { output: SavedMockAnswer }).output.reveal !== null,
    isLast: ({ context }) => context.index >= (context.attempt?.questions.length ?? 0) - 1,
    nextRevealed: ({ context }) => {
      const next = context.attempt?.questions[context.index + 1];
      return next !== undefined && context.reveals[next.id] !== undefined;
    },
  },
}).createMachine({
  id: 'mockPractice',
  context: ({ input }) => ({ paperId: input.paperId, attempt: null, index: 0, chosen: {}, seqs: {}, reveals: {}, refused: false, result: null, problem: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'startPractice',
        src: 'startPractice',
        input: ({ context }) => ({ paperId: context.paperId }),
        onDone: [
          { guard: 'finished', target: 'finished', actions: 'adoptAttempt' },
          { guard: 'allRevealed', target: 'revealed', actions: 'adoptAttempt' },
          { target: 'question', actions: 'adoptAttempt' },
        ],
        onError: { target: 'loadFailed', actions: 'noteProblem' },
      },
    },
    loadFailed: { on: { retry: 'loading' } },
    /** The question with its options; the learner chooses, then checks. */
    question: {
      on: {
        'answer.choose': [
          { guard: 'choiceAllowed', actions: 'choose' },
          // SPEC §5/§8: more than max_choices is refused with the translated message.
          { guard: 'choiceOfQuestion', actions: 'refuseChoice' },
        ],
        'answer.check': { guard: 'hasChoice', target: 'saving' },
        finish: 'finishing',
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveAnswer',
        src: 'saveAnswer',
        input: ({ context }) => {
          const id = currentQuestion(context)?.id ?? '';
          return { attemptId: context.attempt?.id ?? '', questionId: id, value: context.chosen[id] ?? [], seq: (context.seqs[id] ?? 0) + 1 };
        },
        onDone: [
          { guard: 'revealGiven', target: 'revealed', actions: 'adoptReveal' },
          // Saved but not revealed (the attempt is no practice): nothing to show; tried again.
          { target: 'saveFailed', actions: 'adoptReveal' },
        ],
        onError: { target: 'saveFailed', actions: 'noteProblem' },
      },
    },
    /** Not saved: the choice is kept; the learner tries again (or finishes). */
    saveFailed: { on: { retry: 'saving', finish: 'finishing' } },
    /** The server's correct answer and explanation are shown. */
    revealed: {
      on: {
        next: [
          { guard: 'isLast', target: 'finishing' },
          { guard: 'nextRevealed', target: 'revealed', reenter: true, actions: 'advance' },
          { target: 'question', actions: 'advance' },
        ],
        finish: 'finishing',
      },
    },
    finishing: {
      tags: ['busy'],
      invoke: {
        id: 'finishPractice',
        src: 'finishPractice',
        input: ({ context }) => ({ attemptId: context.attempt?.id ?? '' }),
        onDone: { target: 'finished', actions: 'adoptResult' },
        onError: { target: 'finishFailed', actions: 'noteProblem' },
      },
    },
    finishFailed: { on: { retry: 'finishing' } },
    /** The practice's score (not a record: practice does not count in the stats). */
    finished: { on: { again: { target: 'loading', actions: 'clear' } } },
  },
});

export type MockPracticeMachine = typeof mockPracticeMachine;
