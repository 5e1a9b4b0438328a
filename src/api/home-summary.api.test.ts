import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getHomeSummary } from './home-summary.api';
import { json, stubFetch, tokenFor } from './test-helpers';
import { setToken } from '../platform/storage/token-storage';

const SUMMARY = { continue: { course_id: '2', item_id: '5', course_title: 'AML', item_title: 'Intro', viewed_at: '2026-12-01T02:00:00.000Z' }, due: [] };

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => setToken(tokenFor('1')));

describe('home-summary calls', () => {
  it('reads GET /api/home-summary with the bearer token and parses it with the contract', async () => {
    const net = stubFetch(() => json(SUMMARY));
    await expect(getHomeSummary()).resolves.toEqual(SUMMARY);
    expect(new URL(net.last().url).pathname).toBe('/api/home-summary');
    expect(net.last().headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('refuses an answer that breaks the contract', async () => {
    stubFetch(() => json({ continue: null, due: [{ id: 1 }] }));
    await expect(getHomeSummary()).rejects.toMatchObject({ name: 'InvalidResponseError' });
  });
});
