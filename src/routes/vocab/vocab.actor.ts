import { fromPromise } from 'xstate';
import type { VocabCache, BookmarkChange } from '../../machines/vocab/vocab.machine';
import { vocabMachine } from '../../machines/vocab/vocab.machine';
import { getVocabLastUpdate, listVocab, listVocabBookmarks, setVocabBookmark } from '../../api/vocab.api';
import { createVocabCacheStorage } from '../../platform/storage/vocab-cache-storage';
import { withSubmissionError as shown } from '../submission';

const storage = createVocabCacheStorage();

/** The one place the vocabulary page's machine meets the API and local storage (DESIGN §2). */
export const vocabRouteMachine = vocabMachine.provide({
  actors: {
    readCache: fromPromise<VocabCache | null>(async () => storage.read()),
    fetchLastUpdate: fromPromise<string>(shown(() => getVocabLastUpdate())),
    // The time first: a change made while the list is read is later than the copy's time.
    fetchGlossary: fromPromise<VocabCache>(shown(async () => ({ lastUpdate: await getVocabLastUpdate(), entries: await listVocab() }))),
    fetchBookmarks: fromPromise<string[]>(shown(async () => (await listVocabBookmarks()).map((b) => b.id))),
    saveBookmark: fromPromise<void, BookmarkChange>(shown(({ id, on }: BookmarkChange) => setVocabBookmark(id, on))),
  },
  actions: {
    writeCache: (_, cache: VocabCache) => storage.write(cache),
  },
});
