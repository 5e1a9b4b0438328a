import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recommendCourse } from './course-recommendation.api';
import { json, stubFetch, tokenFor } from './test-helpers';
import { setToken } from '../platform/storage/token-storage';

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => setToken(tokenFor('1')));

describe('course-recommendation calls', () => {
  it('posts the user ids to /api/courses/:id/recommendations with the bearer token and parses the answer', async () => {
    const net = stubFetch(() => json({ recommended: 2, already_recommended: 1 }));
    await expect(recommendCourse('7', ['2', '3', '4'])).resolves.toEqual({ recommended: 2, already_recommended: 1 });
    expect(net.last().method).toBe('POST');
    expect(new URL(net.last().url).pathname).toBe('/api/courses/7/recommendations');
    expect(JSON.parse(net.lastBody()!)).toEqual({ user_ids: ['2', '3', '4'] });
    expect(net.last().headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('refuses an answer that breaks the contract', async () => {
    stubFetch(() => json({ recommended: 'two' }));
    await expect(recommendCourse('7', ['2'])).rejects.toMatchObject({ name: 'InvalidResponseError' });
  });
});
