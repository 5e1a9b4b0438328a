import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getVocabLastUpdate, listVocab, listVocabBookmarks, normalizeVocabTime, setVocabBookmark } from './vocab.api';
import { json, stubFetch, text, tokenFor } from './test-helpers';
import { setToken } from '../platform/storage/token-storage';

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => setToken(tokenFor('1')));

const entry = {
  id: '3',
  word_en: 'Premium',
  word_zh_cn: '保费',
  word_zh_hk: '保費',
  explanation_en: 'Paid for cover.',
  explanation_zh_cn: '保费说明',
  explanation_zh_hk: '保費說明',
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-02T00:00:00.000Z',
};

describe('vocab calls', () => {
  it('reads GET /api/vocabs with the bearer token and parses it with the contract', async () => {
    const net = stubFetch(() => json([entry]));
    await expect(listVocab()).resolves.toEqual([entry]);
    expect(new URL(net.last().url).pathname).toBe('/api/vocabs');
    expect(net.last().headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('refuses an answer that breaks the contract', async () => {
    stubFetch(() => json([{ ...entry, id: 3 }]));
    await expect(listVocab()).rejects.toMatchObject({ name: 'InvalidResponseError' });
  });

  it('reads the last-update time as text, quoted or not, with a space or a T', async () => {
    const net = stubFetch(() => text('"2026-11-02 10:00:00.000Z"'));
    await expect(getVocabLastUpdate()).resolves.toBe('2026-11-02T10:00:00.000Z');
    expect(new URL(net.last().url).pathname).toBe('/api/vocabs/last_update');
    expect(normalizeVocabTime(' 2026-11-02T10:00:00.000Z\n')).toBe('2026-11-02T10:00:00.000Z');
  });

  it('reads the bookmarks, and bookmarks with PUT and takes back with DELETE', async () => {
    let net = stubFetch(() => json([{ id: '3' }]));
    await expect(listVocabBookmarks()).resolves.toEqual([{ id: '3' }]);
    expect(new URL(net.last().url).pathname).toBe('/api/vocabs/bookmarks');
    net = stubFetch(() => new Response(null, { status: 204 }));
    await setVocabBookmark('3', true);
    expect([net.last().method, new URL(net.last().url).pathname]).toEqual(['PUT', '/api/vocabs/bookmarks/3']);
    await setVocabBookmark('3', false);
    expect([net.last().method, new URL(net.last().url).pathname]).toEqual(['DELETE', '/api/vocabs/bookmarks/3']);
  });
});
