import { assign, fromPromise, setup } from 'xstate';
import type { VocabCache, VocabEntry } from '../../api/schemas/vocab.schema';
import { failureMessage } from '../shared/submission-error';

export type { VocabCache };

export interface VocabFilter {
  /** The interface language: the word and explanation shown first are in it. */
  lang: string;
  /** The words typed in the search box. */
  q: string;
  /** Only the learner's bookmarked entries. */
  bookmarkedOnly: boolean;
}

/** One bookmark change the learner asked for: `on` adds the bookmark, otherwise takes it back. */
export interface BookmarkChange {
  id: string;
  on: boolean;
}

export interface VocabContext {
  filter: VocabFilter;
  /** The copy the browser had when the page opened (null: none). */
  cache: VocabCache | null;
  /** What the page shows: the cached copy at once, then the fresh list when there is one. */
  entries: VocabEntry[];
  /** The last check or read of the glossary failed while a copy was shown. */
  offline: boolean;
  /** The server's message after a failed read. */
  error: string | null;
  /** The learner's bookmarked entry ids, as shown (a change shows at once, before the server answers). */
  bookmarks: string[];
  /** Changes not yet answered by the server, oldest first: sent one at a time, in order. */
  pending: BookmarkChange[];
  /** A change failed: the bookmarks were read again from the server, and the view says so. */
  bookmarkFailed: boolean;
  bookmarkError: string | null;
}

export type VocabEvent =
  | { type: 'filter.change'; filter: VocabFilter }
  | { type: 'refresh' }
  | { type: 'retry' }
  | { type: 'bookmarks.retry' }
  | { type: 'bookmark.toggle'; id: string };

const at = (time: string) => Date.parse(time);
const sameFilter = (a: VocabFilter, b: VocabFilter) => a.lang === b.lang && a.q === b.q && a.bookmarkedOnly === b.bookmarkedOnly;

/**
 * The vocabulary page (SPEC §4 "Vocabulary cache", ADR 076), two regions:
 * - glossary: the browser's copy is served at once. With a copy, the server's last-update time is
 *   asked: a copy at least as new is kept; an older one stays on screen while the fresh list is read,
 *   which then replaces it (and the copy). Without a copy the list is read (its time first, so a
 *   change made meanwhile is seen next time). One read runs at a time: a refresh asked during one
 *   is not a second.
 * - bookmarks: the learner's, read once; a toggle shows at once and is sent in order, one at a time,
 *   so a quick on-off-on ends as the learner left it (a change still waiting is taken back rather
 *   than sent twice). A refused change reads the bookmarks again.
 * `readCache`, `writeCache`, `fetchLastUpdate`, `fetchGlossary`, `fetchBookmarks` and `saveBookmark`
 * are provided by src/routes/vocab/vocab.actor.ts.
 */
export const vocabMachine = setup({
  types: {
    context: {} as VocabContext,
    events: {} as VocabEvent,
    input: {} as { filter: VocabFilter },
  },
  actors: {
    readCache: fromPromise<VocabCache | null>(async () => {
      throw new Error('readCache must be provided (src/routes/vocab/vocab.actor.ts)');
    }),
    fetchLastUpdate: fromPromise<string>(async () => {
      throw new Error('fetchLastUpdate must be provided (src/routes/vocab/vocab.actor.ts)');
    }),
    /** The last-update time, then the list. */
    fetchGlossary: fromPromise<VocabCache>(async () => {
      throw new Error('fetchGlossary must be provided (src/routes/vocab/vocab.actor.ts)');
    }),
    fetchBookmarks: fromPromise<string[]>(async () => {
      throw new Error('fetchBookmarks must be provided (src/routes/vocab/vocab.actor.ts)');
    }),
    saveBookmark: fromPromise<void, BookmarkChange>(async () => {
      throw new Error('saveBookmark must be provided (src/routes/vocab/vocab.actor.ts)');
    }),
  },
  actions: {
    writeCache: (_, _cache: VocabCache) => {},
    takeFresh: assign((_, fresh: VocabCache) => ({ cache: fresh, entries: fresh.entries, offline: false, error: null })),
    /**
     * The toggle shows at once. The first change is sent; while it is with the server the next ones
     * wait, at most one per entry: toggling an entry whose change still waits takes that change
     * back, which leaves the entry as the change before it does.
     */
    queueToggle: assign(({ context, event }) => {
      if (event.type !== 'bookmark.toggle') return {};
      const on = !context.bookmarks.includes(event.id);
      const [inFlight, ...waiting] = context.pending;
      const pending = !inFlight
        ? [{ id: event.id, on }]
        : waiting.some((c) => c.id === event.id)
          ? [inFlight, ...waiting.filter((c) => c.id !== event.id)]
          : [inFlight, ...waiting, { id: event.id, on }];
      return {
        bookmarks: on ? [...context.bookmarks, event.id] : context.bookmarks.filter((id) => id !== event.id),
        pending,
        bookmarkFailed: false,
        bookmarkError: null,
      };
    }),
  },
  guards: {
    hasCopy: ({ context }) => context.cache !== null,
    /** The copy read from the browser's storage: there is one. */
    copyRead: ({ event }) => (event as unknown as { output: VocabCache | null }).output !== null,
    /** Another filter than the one shown. */
    filterChanged: ({ context, event }) => event.type === 'filter.change' && !sameFilter(context.filter, event.filter),
    /** The copy is at least as new as the server's last update (SPEC §4). */
    copyIsCurrent: ({ context }, serverTime: string) => context.cache !== null && at(context.cache.lastUpdate) >= at(serverTime),
    moreQueued: ({ context }) => context.pending.length > 1,
    knownEntry: ({ context, event }) => event.type === 'bookmark.toggle' && context.entries.some((e) => e.id === event.id),
  },
}).createMachine({
  id: 'vocab',
  type: 'parallel',
  context: ({ input }) => ({
    filter: input.filter,
    cache: null,
    entries: [],
    offline: false,
    error: null,
    bookmarks: [],
    pending: [],
    bookmarkFailed: false,
    bookmarkError: null,
  }),
  on: {
    'filter.change': { guard: 'filterChanged', actions: assign({ filter: ({ event }) => event.filter }) },
  },
  states: {
    glossary: {
      initial: 'opening',
      states: {
        opening: {
          tags: ['busy'],
          invoke: {
            id: 'readCache',
            src: 'readCache',
            onDone: [
              { guard: 'copyRead', target: 'checking', actions: assign({ cache: ({ event }) => event.output, entries: ({ event }) => event.output?.entries ?? [] }) },
              { target: 'fetching' },
            ],
            // An unreadable copy is no copy.
            onError: 'fetching',
          },
        },
        checking: {
          tags: ['busy'],
          invoke: {
            id: 'fetchLastUpdate',
            src: 'fetchLastUpdate',
            onDone: [{ guard: { type: 'copyIsCurrent', params: ({ event }) => event.output }, target: 'ready', actions: assign({ offline: false }) }, { target: 'fetching' }],
            onError: { target: 'ready', actions: assign({ offline: true }) },
          },
        },
        fetching: {
          tags: ['busy'],
          invoke: {
            id: 'fetchGlossary',
            src: 'fetchGlossary',
            onDone: {
              target: 'ready',
              actions: [{ type: 'takeFresh', params: ({ event }) => event.output }, { type: 'writeCache', params: ({ event }) => event.output }],
            },
            onError: [
              { guard: 'hasCopy', target: 'ready', actions: assign({ offline: true }) },
              { target: 'failed', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
            ],
          },
        },
        ready: { on: { refresh: 'checking' } },
        failed: { on: { retry: 'fetching' } },
      },
    },
    bookmarks: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'fetchBookmarks',
            src: 'fetchBookmarks',
            onDone: { target: 'ready', actions: assign({ bookmarks: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: assign({ bookmarkError: ({ event }) => failureMessage(event.error) }) },
          },
        },
        failed: { on: { 'bookmarks.retry': { target: 'loading', actions: assign({ bookmarkError: null }) } } },
        ready: {
          initial: 'idle',
          states: {
            idle: { on: { 'bookmark.toggle': { guard: 'knownEntry', target: 'saving', actions: 'queueToggle' } } },
            saving: {
              tags: ['saving'],
              on: { 'bookmark.toggle': { guard: 'knownEntry', actions: 'queueToggle' } },
              invoke: {
                id: 'saveBookmark',
            src: 'saveBookmark',
                input: ({ context }) => context.pending[0],
                onDone: [
                  { guard: 'moreQueued', target: 'saving', reenter: true, actions: assign({ pending: ({ context }) => context.pending.slice(1) }) },
                  { target: 'idle', actions: assign({ pending: [] }) },
                ],
                // What the server holds is the truth: the later changes are dropped and the list read again.
                onError: {
                  target: '#vocab.bookmarks.loading',
                  actions: assign({ pending: [], bookmarkFailed: true, bookmarkError: ({ event }) => failureMessage(event.error) }),
                },
              },
            },
          },
        },
      },
    },
  },
});
