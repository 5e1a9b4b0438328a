import { describe, expect, it } from 'vitest';
import type { VocabCache } from '../../api/schemas/vocab.schema';
import { createVocabCacheStorage, VOCAB_CACHE_KEY } from './vocab-cache-storage';
import type { KeyValueStore } from './on-screen-record-storage';

const memory = (): KeyValueStore & { map: Map<string, string> } => {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
};

const cache: VocabCache = {
  lastUpdate: '2026-11-20T00:00:00.000Z',
  entries: [
    {
      id: '1',
      word_en: 'Premium',
      word_zh_cn: '保费',
      word_zh_hk: '保費',
      explanation_en: 'Paid for cover.',
      explanation_zh_cn: '保费',
      explanation_zh_hk: '保費',
      created_at: '2026-11-01T00:00:00.000Z',
      updated_at: '2026-11-01T00:00:00.000Z',
    },
  ],
};

describe('vocabulary cache storage', () => {
  it('keeps the glossary with its time, and reads it back', () => {
    const store = memory();
    const storage = createVocabCacheStorage(store);
    expect(storage.read()).toBeNull();
    storage.write(cache);
    expect(createVocabCacheStorage(store).read()).toEqual(cache);
  });

  it('reads anything broken or of another shape as no copy', () => {
    const store = memory();
    const storage = createVocabCacheStorage(store);
    for (const stored of ['{', '[]', JSON.stringify({ ...cache, lastUpdate: 'yesterday' }), JSON.stringify({ ...cache, entries: [{ id: 1 }] })]) {
      store.map.set(VOCAB_CACHE_KEY, stored);
      expect(storage.read(), stored).toBeNull();
    }
  });

  it('keeps no copy when the store is full, without failing', () => {
    const full: KeyValueStore = { getItem: () => null, setItem: () => { throw new DOMException('full', 'QuotaExceededError'); }, removeItem: () => {} };
    expect(() => createVocabCacheStorage(full).write(cache)).not.toThrow();
  });
});
