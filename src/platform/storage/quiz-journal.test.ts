import { beforeEach, describe, expect, it } from 'vitest';
import { createQuizJournal, JOURNAL_PREFIX } from './quiz-journal';

beforeEach(() => localStorage.clear());

describe('quiz journal (localStorage)', () => {
  it('keeps the unsent answers of each attempt across page loads, and forgets them once sent', () => {
    const journal = createQuizJournal();
    journal.write('41', [
      { questionId: 'q1', value: ['a'], seq: 2 },
      { questionId: 'q3', value: 'typed', seq: 5 },
    ]);
    journal.write('42', [{ questionId: 'q1', value: ['b'], seq: 1 }]);
    // Another page load (a reload) reads the same answers.
    expect(createQuizJournal().read('41')).toEqual([
      { questionId: 'q1', value: ['a'], seq: 2 },
      { questionId: 'q3', value: 'typed', seq: 5 },
    ]);
    journal.write('41', []);
    expect(localStorage.getItem(JOURNAL_PREFIX + '41')).toBeNull();
    expect(journal.read('41')).toEqual([]);
    expect(journal.read('42')).toEqual([{ questionId: 'q1', value: ['b'], seq: 1 }]);
  });

  it('drops what is corrupt instead of sending it', () => {
    localStorage.setItem(JOURNAL_PREFIX + '41', '{not json');
    expect(createQuizJournal().read('41')).toEqual([]);
    localStorage.setItem(
      JOURNAL_PREFIX + '41',
      JSON.stringify([{ questionId: 'q1', value: ['a'], seq: 0 }, { questionId: 'q2', value: 7, seq: 1 }, { questionId: 'q3', value: 'ok', seq: 3 }]),
    );
    expect(createQuizJournal().read('41')).toEqual([{ questionId: 'q3', value: 'ok', seq: 3 }]);
  });

  it('writes nothing without an attempt', () => {
    createQuizJournal().write('', [{ questionId: 'q1', value: ['a'], seq: 1 }]);
    expect(localStorage.length).toBe(0);
  });
});
