import { assign, fromPromise, setup } from 'xstate';
import type { MockExamStats, MockPaper, MockRecord, MockTopicProgress } from '../../api/schemas/mock-exams.schema';
import { mockPracticeMachine } from '../mock-practice/mock-practice.machine';
import { quizAttemptMachine, type Clock, type UnsentAnswer } from '../quiz-attempt/quiz-attempt.machine';

/** What the /mockexam page shows before a paper is opened. */
export interface MockOverview {
  papers: MockPaper[];
  progress: MockTopicProgress[];
  records: MockRecord[];
  stats: MockExamStats;
}

/** A paper open in a mode (kept in the URL: a reload returns to it; exam: the question shown too). */
export interface OpenPaper {
  paperId: string;
  mode: 'practice' | 'exam';
  index?: number;
}

export interface MockExamsInput {
  now: Clock;
  /** The paper and mode the URL names: opened once the overview is loaded (when the paper is listed). */
  open?: OpenPaper;
  /** The journal's unsent answers of an exam attempt (local storage; [] in tests). */
  readJournal?: (attemptId: string) => UnsentAnswer[];
}

export interface MockExamsContext {
  now: Clock;
  readJournal: (attemptId: string) => UnsentAnswer[];
  overview: MockOverview | null;
  /** The paper opened in practice or exam mode. */
  paperId: string | null;
  /** The paper the URL names, until the first load has opened it. */
  pending: OpenPaper | null;
  /** The exam's question to show first (from the URL), used once. */
  index: number | undefined;
  problem: string | null;
}

export type MockExamsEvent =
  | { type: 'retry' }
  | { type: 'practice.open'; paperId: string }
  | { type: 'exam.open'; paperId: string }
  /** Back to the overview (papers, stats, records and progress are read again). */
  | { type: 'back' };

const notProvided = (name: string) => () => {
  throw new Error(`${name} must be provided (src/routes/mock-exams/mock-exams.actor.ts)`);
};

/**
 * The /mockexam page (issue 13, ADR 028, ADR 019): loads the papers, the progress per topic, the
 * records and the stats; a paper opens in practice mode (the mock-practice machine, child
 * `practice`) or in exam mode (the quiz-attempt machine with mock exam actors, child `exam`); back
 * on the overview everything is read again, so a finished exam shows in the records and the stats.
 */
export const mockExamsMachine = setup({
  types: {
    input: {} as MockExamsInput,
    context: {} as MockExamsContext,
    events: {} as MockExamsEvent,
    children: {} as { practice: 'practice'; exam: 'exam' },
  },
  actors: {
    /** GET mock_papers, mock_exams/progress, mock_exams/records, mock_exams/stats. */
    loadOverview: fromPromise<MockOverview>(notProvided('loadOverview')),
    practice: mockPracticeMachine,
    exam: quizAttemptMachine,
  },
  guards: {
    pendingPractice: ({ context, event }) => {
      const papers = (event as unknown as { output: MockOverview }).output.papers;
      return context.pending?.mode === 'practice' && papers.some((p) => p.id === context.pending?.paperId);
    },
    pendingExam: ({ context, event }) => {
      const papers = (event as unknown as { output: MockOverview }).output.papers;
      return context.pending?.mode === 'exam' && papers.some((p) => p.id === context.pending?.paperId);
    },
    knownPaper: ({ context, event }) => 'paperId' in event && (context.overview?.papers.some((p) => p.id === event.paperId) ?? false),
  },
  actions: {
    openPaper: assign({ paperId: ({ event }) => ('paperId' in event ? event.paperId : null) }),
    adoptOverview: assign({ overview: ({ event }) => (event as unknown as { output: MockOverview }).output, problem: null }),
    openPending: assign(({ context }) => ({ paperId: context.pending?.paperId ?? null })),
    /** The URL's paper is opened once (back on the overview it is not opened again). */
    dropPending: assign(({ context }) => ({ pending: null, index: context.pending?.index })),
  },
}).createMachine({
  id: 'mockExams',
  context: ({ input }) => ({ now: input.now, readJournal: input.readJournal ?? (() => []), overview: null, paperId: null, pending: input.open ?? null, index: undefined, problem: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadOverview',
        src: 'loadOverview',
        onDone: [
          { guard: 'pendingPractice', target: 'practice', actions: ['adoptOverview', 'openPending', 'dropPending'] },
          { guard: 'pendingExam', target: 'exam', actions: ['adoptOverview', 'openPending', 'dropPending'] },
          { target: 'overview', actions: ['adoptOverview', 'dropPending'] },
        ],
        onError: { target: 'loadFailed', actions: assign({ problem: ({ event }) => (event.error as { message?: string | null } | undefined)?.message ?? null }) },
      },
    },
    loadFailed: { on: { retry: 'loading' } },
    overview: {
      entry: assign({ paperId: null, index: undefined }),
      on: {
        'practice.open': { guard: 'knownPaper', target: 'practice', actions: 'openPaper' },
        'exam.open': { guard: 'knownPaper', target: 'exam', actions: 'openPaper' },
      },
    },
    practice: {
      invoke: { id: 'practice', systemId: 'mockPractice', src: 'practice', input: ({ context }) => ({ paperId: context.paperId ?? '' }) },
      on: { back: 'loading' },
    },
    exam: {
      invoke: {
        id: 'exam',
        systemId: 'mockExamAttempt',
        src: 'exam',
        input: ({ context }) => ({ quizId: context.paperId ?? '', now: context.now, readJournal: context.readJournal, ...(context.index === undefined ? {} : { index: context.index }) }),
      },
      on: { back: 'loading' },
    },
  },
});

export type MockExamsMachine = typeof mockExamsMachine;
