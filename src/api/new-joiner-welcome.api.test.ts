import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissWelcome, getWelcomeDue } from './new-joiner-welcome.api';
import { json, stubFetch, tokenFor } from './test-helpers';
import { setToken } from '../platform/storage/token-storage';

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => setToken(tokenFor('1')));

describe('new-joiner-welcome calls', () => {
  it('reads and dismisses the welcome at /api/new-joiner-welcome with the bearer token', async () => {
    const net = stubFetch((req) => json({ due: req.method === 'GET' }));
    await expect(getWelcomeDue()).resolves.toBe(true);
    expect(net.last().headers.get('Authorization')).toMatch(/^Bearer /);
    await dismissWelcome();
    expect(net.last().method).toBe('POST');
    expect(new URL(net.last().url).pathname).toBe('/api/new-joiner-welcome');
  });

  it('refuses an answer that breaks the contract', async () => {
    stubFetch(() => json({ due: 'yes' }));
    await expect(getWelcomeDue()).rejects.toMatchObject({ name: 'InvalidResponseError' });
  });
});
