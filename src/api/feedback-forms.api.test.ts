import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getFeedbackForm, submitFeedbackForm } from './feedback-forms.api';
import { json, stubFetch, tokenFor } from './test-helpers';
import { setToken } from '../platform/storage/token-storage';

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => setToken(tokenFor('1')));

const form = {
  course_id: '2',
  availability: 'available',
  questions: [{ id: '7', kind: 'single_choice', text: 'How long?', required: true, options: [{ id: '1', text: 'Short' }] }],
  submitted_at: null,
};
const submission = { key: 'abcdef12-0000', evaluation: { content: 5, presenter: 4, usefulness: 3 }, answers: [{ question_id: '7', option_id: '1' }] };

describe('feedback-forms calls', () => {
  it('reads GET /api/courses/{id}/feedback-form with the bearer token and parses it with the contract', async () => {
    const net = stubFetch(() => json(form));
    await expect(getFeedbackForm('2')).resolves.toEqual(form);
    expect(new URL(net.last().url).pathname).toBe('/api/courses/2/feedback-form');
    expect(net.last().headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('refuses an answer that breaks the contract', async () => {
    stubFetch(() => json({ ...form, availability: 'maybe' }));
    await expect(getFeedbackForm('2')).rejects.toMatchObject({ name: 'InvalidResponseError' });
  });

  it('posts the submission and answers the receipt', async () => {
    const net = stubFetch(() => json({ submitted_at: '2026-11-24T10:00:00.000Z' }));
    await expect(submitFeedbackForm('2', submission)).resolves.toEqual({ submitted_at: '2026-11-24T10:00:00.000Z' });
    expect(net.last().method).toBe('POST');
    expect(new URL(net.last().url).pathname).toBe('/api/courses/2/feedback-form');
    expect(JSON.parse(net.lastBody()!)).toEqual(submission);
  });

  it('a 409 rejects with its status and the server’s message', async () => {
    stubFetch(() => json({ status_code: 409, message: 'Already submitted.' }, 409));
    await expect(submitFeedbackForm('2', submission)).rejects.toMatchObject({ name: 'ApiRequestError', status: 409, message: 'Already submitted.' });
  });
});
