import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getReadingNote } from './reading-note.api';
import { json, stubFetch, tokenFor } from './test-helpers';
import { setToken } from '../platform/storage/token-storage';

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => setToken(tokenFor('1')));

describe('reading-note calls', () => {
  it('reads GET /api/reading-note with the bearer token and parses it with the contract', async () => {
    const net = stubFetch(() => json({ items: [{ id: '1', title: 'First' }] }));
    await expect(getReadingNote()).resolves.toEqual({ items: [{ id: '1', title: 'First' }] });
    expect(new URL(net.last().url).pathname).toBe('/api/reading-note');
    expect(net.last().headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('refuses an answer that breaks the contract', async () => {
    stubFetch(() => json({ items: [{ id: 1 }] }));
    await expect(getReadingNote()).rejects.toMatchObject({ name: 'InvalidResponseError' });
  });
});
