import type { SnapshotFrom } from 'xstate';
import type { QuestionKind, QuizResult } from '../../api/schemas/quizzes.schema';
import { currentQuestion, type mockPracticeMachine } from './mock-practice.machine';

export type MockPracticeSnapshot = SnapshotFrom<typeof mockPracticeMachine>;

export interface PracticeOptionView {
  id: string;
  text: string;
  chosen: boolean;
  /** Once revealed: whether this option is one of the correct answer's; before: null. */
  correct: boolean | null;
}

export interface PracticeQuestionView {
  id: string;
  kind: QuestionKind;
  text: string;
  maxChoices: number | null;
  options: PracticeOptionView[];
}

export interface PracticeRevealView {
  correct: boolean;
  /** The correct options' texts, in option order. */
  correctAnswer: string[];
  explanation: string;
}

type QuestionStatus = 'question' | 'saving' | 'save_failed' | 'revealed';

/** A question on screen (one member per status, so a check of the status narrows the view). */
type QuestionStep<S extends QuestionStatus> = S extends QuestionStatus
  ? {
      status: S;
      paperTitle: string;
      /** 0-based. */
      index: number;
      count: number;
      question: PracticeQuestionView;
      reveal: PracticeRevealView | null;
      /** A choice beyond max_choices was refused. */
      refused: boolean;
      canCheck: boolean;
      isLast: boolean;
      problem: string | null;
    }
  : never;

export type MockPracticeView =
  | { status: 'loading' }
  | { status: 'load_failed'; problem: string | null }
  | QuestionStep<QuestionStatus>
  | { status: 'finishing'; paperTitle: string; problem: null }
  | { status: 'finish_failed'; paperTitle: string; problem: string | null }
  | { status: 'finished'; paperTitle: string; result: QuizResult | null };

const STATUS = { question: 'question', saving: 'saving', saveFailed: 'save_failed', revealed: 'revealed' } as const;

export function selectMockPracticeView(s: MockPracticeSnapshot): MockPracticeView {
  const c = s.context;
  const paperTitle = c.attempt?.paper.title ?? '';
  if (s.matches('loading')) return { status: 'loading' };
  if (s.matches('loadFailed')) return { status: 'load_failed', problem: c.problem };
  if (s.matches('finishing')) return { status: 'finishing', paperTitle, problem: null };
  if (s.matches('finishFailed')) return { status: 'finish_failed', paperTitle, problem: c.problem };
  if (s.matches('finished')) return { status: 'finished', paperTitle, result: c.result };
  const q = currentQuestion(c);
  const state = s.value as keyof typeof STATUS;
  if (!q) return { status: 'load_failed', problem: c.problem };
  const reveal = state === 'revealed' ? (c.reveals[q.id] ?? null) : null;
  const chosen = c.chosen[q.id] ?? [];
  return {
    status: STATUS[state] as QuestionStatus,
    paperTitle,
    index: c.index,
    count: c.attempt?.questions.length ?? 0,
    question: {
      id: q.id,
      kind: q.kind,
      text: q.text,
      maxChoices: q.max_choices,
      options: q.options.map((o) => ({ id: o.id, text: o.text, chosen: chosen.includes(o.id), correct: reveal ? reveal.correct_answer.includes(o.id) : null })),
    },
    reveal: reveal ? { correct: reveal.correct, correctAnswer: q.options.filter((o) => reveal.correct_answer.includes(o.id)).map((o) => o.text), explanation: reveal.explanation } : null,
    refused: c.refused,
    canCheck: state === 'question' && chosen.length > 0,
    isLast: c.index >= (c.attempt?.questions.length ?? 0) - 1,
    problem: state === 'saveFailed' ? c.problem : null,
  };
}
