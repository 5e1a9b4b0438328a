import type { SnapshotFrom } from 'xstate';
import type { VocabEntry } from '../../api/schemas/vocab.schema';
import { failureView, type FailureView } from '../shared/submission-error';
import { vocabMatches } from './vocab-search';
import type { vocabMachine } from './vocab.machine';

/** One entry as the page shows it: first in the interface language, then the other two words. */
export interface VocabEntryView {
  id: string;
  word: string;
  /** The word in the other languages, without repeats (the two Chinese words are often the same). */
  otherWords: string[];
  explanation: string;
  bookmarked: boolean;
}

export interface VocabViewModel {
  /** loading: nothing to show yet; ready: entries (maybe being refreshed); failed: nothing to show. */
  status: 'loading' | 'ready' | 'failed';
  entries: VocabEntryView[];
  /** Entries in the glossary, before the search and the bookmark filter. */
  total: number;
  /** A newer glossary is being checked for or read while the shown one stays. */
  refreshing: boolean;
  /** The shown glossary is the browser's copy: the server could not be asked. */
  offline: boolean;
  failure: FailureView;
  /** The view offers "Try again" exactly when the machine takes a retry. */
  canRetry: boolean;
  canRefresh: boolean;
  /** The bookmarks: loading, shown (toggles offered), or failed (offered again). */
  bookmarks: 'loading' | 'ready' | 'failed';
  /** A change is with the server. */
  saving: boolean;
  bookmarkFailure: FailureView;
  canRetryBookmarks: boolean;
}

const WORD = { en: 'word_en', zh: 'word_zh_hk', cn: 'word_zh_cn' } as const;
const EXPLANATION = { en: 'explanation_en', zh: 'explanation_zh_hk', cn: 'explanation_zh_cn' } as const;
type Lang = keyof typeof WORD;
const langOf = (lang: string): Lang => (lang === 'zh' || lang === 'cn' ? lang : 'en');

function entryView(entry: VocabEntry, lang: Lang, bookmarked: boolean): VocabEntryView {
  const word = entry[WORD[lang]];
  const others = (['en', 'zh', 'cn'] as const).filter((l) => l !== lang).map((l) => entry[WORD[l]]);
  return { id: entry.id, word, otherWords: [...new Set(others)].filter((w) => w !== word && w !== ''), explanation: entry[EXPLANATION[lang]], bookmarked };
}

export function selectVocabView(snapshot: SnapshotFrom<typeof vocabMachine>): VocabViewModel {
  const { context } = snapshot;
  const { filter } = context;
  const lang = langOf(filter.lang);
  const marked = new Set(context.bookmarks);
  const bookmarksReady = snapshot.matches({ bookmarks: 'ready' });
  const shown = context.entries.filter((e) => vocabMatches(e, filter.q) && (!filter.bookmarkedOnly || marked.has(e.id)));
  const failed = snapshot.matches({ glossary: 'failed' });
  const busy = snapshot.hasTag('busy');
  const hasEntries = context.entries.length > 0 || snapshot.matches({ glossary: 'ready' });
  return {
    status: failed ? 'failed' : hasEntries ? 'ready' : 'loading',
    entries: shown.map((e) => entryView(e, lang, marked.has(e.id))),
    total: context.entries.length,
    refreshing: busy && hasEntries,
    offline: context.offline,
    failure: failureView(failed, context.error),
    canRetry: snapshot.can({ type: 'retry' }),
    canRefresh: snapshot.can({ type: 'refresh' }),
    bookmarks: bookmarksReady ? 'ready' : snapshot.matches({ bookmarks: 'failed' }) ? 'failed' : 'loading',
    saving: snapshot.hasTag('saving'),
    bookmarkFailure: failureView(context.bookmarkFailed || snapshot.matches({ bookmarks: 'failed' }), context.bookmarkError),
    canRetryBookmarks: snapshot.can({ type: 'bookmarks.retry' }),
  };
}
