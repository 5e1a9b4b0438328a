import { vocabCacheSchema, type VocabCache } from '../../api/schemas/vocab.schema';
import { browserStore, type KeyValueStore } from './on-screen-record-storage';

// SPEC §4 "Vocabulary cache" (ADR 076): the glossary is the same for every learner, kept once per
// browser with the server's last-update time read before it. Anything unreadable is no copy.

export const VOCAB_CACHE_KEY = 'vocabCache';

export interface VocabCacheStorage {
  read(): VocabCache | null;
  write(cache: VocabCache): void;
}

export function createVocabCacheStorage(store: KeyValueStore = browserStore()): VocabCacheStorage {
  return {
    read() {
      try {
        const parsed = vocabCacheSchema.safeParse(JSON.parse(store.getItem(VOCAB_CACHE_KEY) ?? 'null'));
        return parsed.success && !Number.isNaN(Date.parse(parsed.data.lastUpdate)) ? parsed.data : null;
      } catch {
        return null;
      }
    },
    write(cache) {
      try {
        store.setItem(VOCAB_CACHE_KEY, JSON.stringify(cache));
      } catch {
        // A full store keeps no copy: the glossary is read from the server next time.
      }
    },
  };
}
