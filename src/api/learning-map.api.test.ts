import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getLearningMap } from './learning-map.api';
import { json, stubFetch, tokenFor } from './test-helpers';
import { setToken } from '../platform/storage/token-storage';

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => setToken(tokenFor('1')));

describe('learning-map calls', () => {
  it('reads GET /api/learning-map with the bearer token and parses it with the contract', async () => {
    const net = stubFetch(() => json({ maps: [], history: [] }));
    await expect(getLearningMap()).resolves.toEqual({ maps: [], history: [] });
    expect(new URL(net.last().url).pathname).toBe('/api/learning-map');
    expect(net.last().headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('refuses an answer that breaks the contract', async () => {
    stubFetch(() => json({ maps: [{ id: 1 }], history: [] }));
    await expect(getLearningMap()).rejects.toMatchObject({ name: 'InvalidResponseError' });
  });
});
