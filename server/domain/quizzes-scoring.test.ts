import { describe, expect, it } from 'vitest';
import { answerProblem, passes, scoreAnswer, scoreAttempt, type ScoredQuestion } from './quizzes-scoring';

// ADR 025: answers checked and scored on the server only.

const single: ScoredQuestion = { id: 1, kind: 'single', points: 1, maxChoices: null, optionIds: ['a', 'b', 'c'], correctAnswer: ['b'] };
const multiple: ScoredQuestion = { id: 2, kind: 'multiple', points: 2, maxChoices: 2, optionIds: ['a', 'b', 'c', 'd'], correctAnswer: ['a', 'c'] };
const trueFalse: ScoredQuestion = { id: 3, kind: 'true_false', points: 1, maxChoices: null, optionIds: ['true', 'false'], correctAnswer: ['false'] };
const shortText: ScoredQuestion = { id: 4, kind: 'short_text', points: 1, maxChoices: null, optionIds: [], correctAnswer: ['Know your customer', 'KYC'] };
const essay: ScoredQuestion = { id: 5, kind: 'essay', points: 3, maxChoices: null, optionIds: [], correctAnswer: [] };

describe('answerProblem', () => {
  it.each<[string, ScoredQuestion, string[] | string, string | null]>([
    ['single: one option', single, ['b'], null],
    ['single: none (clears)', single, [], null],
    ['single: two', single, ['a', 'b'], 'server:quiz_max_choices_exceeded'],
    ['true_false: two', trueFalse, ['true', 'false'], 'server:quiz_max_choices_exceeded'],
    ['multiple: up to the maximum', multiple, ['a', 'b'], null],
    ['multiple: over the maximum', multiple, ['a', 'b', 'c'], 'server:quiz_max_choices_exceeded'],
    ['multiple without a maximum takes all', { ...multiple, maxChoices: null }, ['a', 'b', 'c', 'd'], null],
    ['an unknown option', single, ['z'], 'server:quiz_answer_unknown_option'],
    ['true_false: an option of another kind', trueFalse, ['b'], 'server:quiz_answer_unknown_option'],
    ['the same option twice', multiple, ['a', 'a'], 'server:quiz_answer_duplicate_choice'],
    ['a text for a choice', single, 'b', 'server:quiz_answer_needs_choices'],
    ['choices for a text', shortText, ['a'], 'server:quiz_answer_needs_text'],
    ['choices for an essay', essay, [], 'server:quiz_answer_needs_text'],
    ['a text', essay, 'Words', null],
  ])('%s', (_, question, value, expected) => {
    expect(answerProblem(question, value)).toBe(expected);
  });
});

describe('scoreAnswer', () => {
  it('single and true_false: the one correct option', () => {
    expect(scoreAnswer(single, ['b'])).toEqual({ points: 1, correct: true });
    expect(scoreAnswer(single, ['a'])).toEqual({ points: 0, correct: false });
    expect(scoreAnswer(trueFalse, ['false'])).toEqual({ points: 1, correct: true });
    expect(scoreAnswer(trueFalse, ['true'])).toEqual({ points: 0, correct: false });
  });

  it('multiple: exactly the correct set, in any order; no part marks', () => {
    expect(scoreAnswer(multiple, ['c', 'a'])).toEqual({ points: 2, correct: true });
    expect(scoreAnswer(multiple, ['a'])).toEqual({ points: 0, correct: false });
    expect(scoreAnswer(multiple, ['a', 'c', 'd'])).toEqual({ points: 0, correct: false });
  });

  it('short_text: trimmed, case- and space-insensitive match of an accepted text', () => {
    expect(scoreAnswer(shortText, '  kyc ').points).toBe(1);
    expect(scoreAnswer(shortText, 'KNOW  your Customer').points).toBe(1);
    expect(scoreAnswer(shortText, 'know your client').points).toBe(0);
    expect(scoreAnswer(shortText, '   ').points).toBe(0);
  });

  it('essay: no automatic points; unanswered: none', () => {
    expect(scoreAnswer(essay, 'A long and thoughtful answer')).toEqual({ points: 0, correct: false });
    expect(scoreAnswer(single, undefined)).toEqual({ points: 0, correct: false });
    expect(scoreAnswer(single, [])).toEqual({ points: 0, correct: false });
  });

  it('a value of the wrong shape scores nothing', () => {
    expect(scoreAnswer(single, 'b').points).toBe(0);
    expect(scoreAnswer(shortText, ['KYC']).points).toBe(0);
  });
});

describe('scoreAttempt', () => {
  it('sums the points; full marks include every question (the essay too)', () => {
    const answers = new Map<number, string[] | string>([
      [1, ['b']],
      [2, ['a', 'c']],
      [4, 'kyc'],
    ]);
    const { score, fullMarks, perQuestion } = scoreAttempt([single, multiple, trueFalse, shortText, essay], answers);
    expect({ score, fullMarks }).toEqual({ score: 4, fullMarks: 8 });
    expect(perQuestion.get(3)).toEqual({ points: 0, correct: false });
  });

  it('passes at the pass mark', () => {
    expect(passes(4, 4)).toBe(true);
    expect(passes(3.5, 4)).toBe(false);
  });
});
