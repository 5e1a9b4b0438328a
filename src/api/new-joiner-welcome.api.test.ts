import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getNewJoinerWelcome } from './new-joiner-welcome.api';
import { json, stubFetch, tokenFor } from './test-helpers';
import { setToken } from '../platform/storage/token-storage';

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => setToken(tokenFor('1')));

describe('new-joiner-welcome calls', () => {
  it('reads GET /api/new-joiner-welcome with the bearer token and parses it with the contract', async () => {
    const net = stubFetch(() => json({ items: [{ id: '1', title: 'First' }] }));
    await expect(getNewJoinerWelcome()).resolves.toEqual({ items: [{ id: '1', title: 'First' }] });
    expect(new URL(net.last().url).pathname).toBe('/api/new-joiner-welcome');
    expect(net.last().headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('refuses an answer that breaks the contract', async () => {
    stubFetch(() => json({ items: [{ id: 1 }] }));
    await expect(getNewJoinerWelcome()).rejects.toMatchObject({ name: 'InvalidResponseError' });
  });
});
