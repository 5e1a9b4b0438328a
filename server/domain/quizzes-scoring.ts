import type { QuestionKind } from '../../src/api/schemas/quizzes.schema';
import type { MessageKey } from '../i18n/messages';

// ADR 025: what an answer may be, and what it scores, decided on the server only (pure).

export interface ScoredQuestion {
  id: number;
  kind: QuestionKind;
  points: number;
  maxChoices: number | null;
  /** The option ids of a choice question (true_false: 'true' and 'false'). */
  optionIds: string[];
  /** Correct option ids, or the accepted texts of a short_text; [] for an essay. */
  correctAnswer: string[];
}

export const TRUE_FALSE_OPTION_IDS = ['true', 'false'] as const;

const isChoice = (kind: QuestionKind) => kind === 'single' || kind === 'multiple' || kind === 'true_false';

/** Why the value cannot be this question's answer (a 400), or null when it can. */
export function answerProblem(q: ScoredQuestion, value: string[] | string): MessageKey | null {
  if (isChoice(q.kind)) {
    if (!Array.isArray(value)) return 'server:quiz_answer_needs_choices';
    if (new Set(value).size !== value.length) return 'server:quiz_answer_duplicate_choice';
    if (value.some((id) => !q.optionIds.includes(id))) return 'server:quiz_answer_unknown_option';
    if (q.kind !== 'multiple' && value.length > 1) return 'server:quiz_max_choices_exceeded';
    if (q.kind === 'multiple' && q.maxChoices !== null && value.length > q.maxChoices) return 'server:quiz_max_choices_exceeded';
    return null;
  }
  if (typeof value !== 'string') return 'server:quiz_answer_needs_text';
  return null;
}

const normalise = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Points for one answer. single / true_false: the one correct option; multiple: exactly the
 * correct set (no part marks); short_text: trimmed, case-insensitive match of an accepted text;
 * essay: 0 automatic points (a trainer marks it; it counts in the full marks). Unanswered: 0.
 */
export function scoreAnswer(q: ScoredQuestion, value: string[] | string | undefined): { points: number; correct: boolean } {
  if (value === undefined || value.length === 0 || q.kind === 'essay') return { points: 0, correct: false };
  let correct = false;
  if (Array.isArray(value)) {
    if (isChoice(q.kind)) {
      const chosen = new Set(value);
      correct = chosen.size === q.correctAnswer.length && q.correctAnswer.every((id) => chosen.has(id));
    }
  } else if (q.kind === 'short_text') {
    const given = normalise(value);
    correct = given !== '' && q.correctAnswer.some((accepted) => normalise(accepted) === given);
  }
  return { points: correct ? q.points : 0, correct };
}

export interface AttemptScore {
  score: number;
  fullMarks: number;
  perQuestion: Map<number, { points: number; correct: boolean }>;
}

export function scoreAttempt(questions: ScoredQuestion[], answers: Map<number, string[] | string>): AttemptScore {
  const perQuestion = new Map<number, { points: number; correct: boolean }>();
  let score = 0;
  let fullMarks = 0;
  for (const q of questions) {
    const result = scoreAnswer(q, answers.get(q.id));
    perQuestion.set(q.id, result);
    score += result.points;
    fullMarks += q.points;
  }
  return { score, fullMarks, perQuestion };
}

/** A pass when the score reaches the pass mark (points, not a percentage). */
export const passes = (score: number, passMark: number): boolean => score >= passMark;
