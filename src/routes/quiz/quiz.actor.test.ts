import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../api/api-error';
import { QUIZ_ERROR_CODE } from '../../api/schemas/quizzes.schema';
import { openAttempt } from '../../machines/quiz-attempt/quiz-attempt.fixtures';
import { problemOf, unpaused } from './quiz.actor';

const resumed = vi.hoisted(() => [] as string[]);
vi.mock('../../api/quizzes.api', async (original) => ({
  ...(await original<typeof import('../../api/quizzes.api')>()),
  resumeAttempt: async (id: string) => {
    resumed.push(id);
    return { ...openAttempt(), paused: false };
  },
}));

const refusal = (code: string, message: string) => new ApiRequestError(403, { status_code: 403, code, message }, message);

describe('what a failed quiz call means to the attempt', () => {
  it('reads a finished attempt from every "already finished" code, the multiple-choice one included (SPEC §8)', () => {
    for (const code of [QUIZ_ERROR_CODE.quizTimeUp, QUIZ_ERROR_CODE.quizSubmitted, QUIZ_ERROR_CODE.quizMultipleChoiceSubmitted]) {
      expect(problemOf(refusal(code, 'done'))).toEqual({ kind: 'closed' });
    }
  });

  it('keeps an answer the server could not take yet, and shows a refusal', () => {
    expect(problemOf(new TypeError('Failed to fetch'))).toEqual({ kind: 'offline' });
    expect(problemOf(refusal(QUIZ_ERROR_CODE.quizPaused, 'paused'))).toEqual({ kind: 'offline' });
    expect(problemOf(refusal(QUIZ_ERROR_CODE.identityCheckRequired, 'check'))).toEqual({ kind: 'identity' });
    expect(problemOf(new ApiRequestError(400, null, 'Maximum choices exceeded.'))).toEqual({ kind: 'refused', message: 'Maximum choices exceeded.' });
  });
});

describe('an attempt read while an identity prompt held it (issue 43)', () => {
  it('is resumed (the server gives back only what it measured) and comes with its questions; another is taken as it is', async () => {
    const held = { ...openAttempt(), paused: true, questions: [] };
    expect((await unpaused(held)).questions.length).toBeGreaterThan(0);
    expect(resumed).toEqual(['41']);
    const plain = openAttempt();
    expect(await unpaused(plain)).toBe(plain);
    expect(resumed).toEqual(['41']);
  });
});
