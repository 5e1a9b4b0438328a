import { describe, expect, it } from 'vitest';
import { drawPaper, labelsOf, scoredOnPaper, type PoolQuestion } from './quizzes-paper';

// Issue 43: each attempt's own paper (pure rules).

const q = (id: number, position: number, kind: PoolQuestion['kind'] = 'single', correctAnswer = ['b']): PoolQuestion => ({
  id,
  position,
  kind,
  points: 1,
  maxChoices: kind === 'multiple' ? 2 : null,
  options: kind === 'true_false' ? [] : [{ id: 'a' }, { id: 'b' }, { id: 'c' }],
  correctAnswer,
});
/** Always the last candidate: a fixed "random" for the tests. */
const last = (n: number) => n - 1;

describe('drawPaper', () => {
  it('takes one question per place, the one seen least lately first, numbered 1, 2, 3…', () => {
    const pool = [q(1, 1), q(2, 1), q(3, 5), q(4, 5), q(5, 9, 'true_false', ['true'])];
    expect(drawPaper(pool, new Map(), false, last).map((d) => [d.questionId, d.position])).toEqual([
      [2, 1],
      [4, 2],
      [5, 3],
    ]);
    // Seen 2 and 4 (attempt 7) and 1 earlier (attempt 3): the others, then the earliest seen.
    const seen = new Map([
      [1, 3],
      [2, 7],
      [4, 7],
    ]);
    expect(drawPaper(pool, seen, false, last).map((d) => d.questionId)).toEqual([1, 3, 5]);
  });

  it('shuffles the options of choice questions only, and only when the quiz shuffles', () => {
    const pool = [q(1, 1), q(2, 2, 'multiple', ['a', 'c']), q(3, 3, 'true_false', ['true']), q(4, 4, 'short_text', ['IA'])];
    expect(drawPaper(pool, new Map(), false, last).map((d) => d.optionOrder)).toEqual([null, null, null, null]);
    const reversed = drawPaper(pool, new Map(), true, () => 0).map((d) => d.optionOrder);
    expect(reversed).toEqual([
      ['b', 'c', 'a'],
      ['b', 'c', 'a'],
      null,
      null,
    ]);
  });
});

describe('the paper’s labels', () => {
  it('names options a, b, c in the order shown, and scores and validates in those labels', () => {
    expect(labelsOf(['a', 'b', 'c'], ['c', 'a', 'b'])).toEqual([
      { label: 'a', id: 'c' },
      { label: 'b', id: 'a' },
      { label: 'c', id: 'b' },
    ]);
    expect(labelsOf(['x', 'y'], null)).toEqual([
      { label: 'x', id: 'x' },
      { label: 'y', id: 'y' },
    ]);
    // Real b is shown third: its label is c.
    expect(scoredOnPaper(q(1, 1), ['c', 'a', 'b'])).toMatchObject({ optionIds: ['a', 'b', 'c'], correctAnswer: ['c'] });
    expect(scoredOnPaper(q(2, 1, 'multiple', ['a', 'c']), ['c', 'b', 'a'])).toMatchObject({ correctAnswer: ['a', 'c'] });
    expect(scoredOnPaper(q(3, 1, 'multiple', ['a', 'b']), ['c', 'b', 'a'])).toMatchObject({ correctAnswer: ['b', 'c'] });
    expect(scoredOnPaper(q(4, 1, 'true_false', ['false']), null)).toMatchObject({ optionIds: ['true', 'false'], correctAnswer: ['false'] });
  });
});
