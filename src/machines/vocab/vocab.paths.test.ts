import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { VocabEntry } from '../../api/schemas/vocab.schema';
import { SubmissionError } from '../shared/submission-error';
import { modelPaths, replayRuns, stateName, type Oracle, type OracleEvent } from '../testing/model-coverage';
import { vocabMachine, type VocabCache, type VocabContext, type VocabFilter } from './vocab.machine';
import { selectVocabView } from './vocab.selectors';

const entry = (id: string, word: string): VocabEntry => ({
  id,
  word_en: word,
  word_zh_cn: `${word} cn`,
  word_zh_hk: `${word} zh`,
  explanation_en: `About ${word}`,
  explanation_zh_cn: '解释',
  explanation_zh_hk: '解釋',
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
});

const COPY_TIME = '2026-11-10T00:00:00.000Z';
const copy: VocabCache = { lastUpdate: COPY_TIME, entries: [entry('1', 'Premium')] };
const fresh: VocabCache = { lastUpdate: '2026-11-20T00:00:00.000Z', entries: [entry('1', 'Premium'), entry('2', 'Rider')] };
const filter: VocabFilter = { lang: 'en', q: '', bookmarkedOnly: false };
const input = { filter };
const actorIds = ['readCache', 'fetchLastUpdate', 'fetchGlossary', 'fetchBookmarks', 'saveBookmark'];
const events = [
  { type: 'filter.change', filter: { ...filter, q: 'rider' } },
  { type: 'filter.change', filter: { ...filter } },
  { type: 'refresh' },
  { type: 'retry' },
  { type: 'bookmarks.retry' },
  { type: 'bookmark.toggle', id: '1' },
  { type: 'bookmark.toggle', id: '99' },
  { type: 'xstate.done.actor.readCache', output: copy },
  { type: 'xstate.done.actor.readCache', output: null },
  { type: 'xstate.error.actor.readCache', error: new SyntaxError('bad JSON') },
  // The server's time: the copy's own (so at least as new), and a later one.
  { type: 'xstate.done.actor.fetchLastUpdate', output: COPY_TIME },
  { type: 'xstate.done.actor.fetchLastUpdate', output: fresh.lastUpdate },
  { type: 'xstate.error.actor.fetchLastUpdate', error: new TypeError('Failed to fetch') },
  { type: 'xstate.done.actor.fetchGlossary', output: fresh },
  { type: 'xstate.error.actor.fetchGlossary', error: new SubmissionError('The server is busy.') },
  { type: 'xstate.done.actor.fetchBookmarks', output: ['2'] },
  { type: 'xstate.error.actor.fetchBookmarks', error: new TypeError('Failed to fetch') },
  { type: 'xstate.done.actor.saveBookmark', output: undefined },
  { type: 'xstate.error.actor.saveBookmark', error: new SubmissionError('This vocabulary entry does not exist.') },
];

const paths = modelPaths(vocabMachine, events, { input, simplePaths: false });

type Snap = AnyMachineSnapshot & { context: VocabContext };
const ctx = (s: AnyMachineSnapshot) => (s as Snap).context;
const newFilter = (e: OracleEvent, s: AnyMachineSnapshot) => JSON.stringify(e.filter) !== JSON.stringify(ctx(s).filter);
const region = (s: AnyMachineSnapshot, name: 'glossary' | 'bookmarks') => stateName((s.value as Record<string, unknown>)[name]);
/** The bookmarks region's state when it takes toggles (ready), else null. */
const s0 = (s: AnyMachineSnapshot) => (region(s, 'bookmarks').startsWith('ready') ? region(s, 'bookmarks') : null);
const stay = (state: string) => (e: OracleEvent, s: AnyMachineSnapshot) => (newFilter(e, s) ? state : null);

// The oracle, from SPEC §4 "Vocabulary cache" (not read off the machine). The glossary: the copy is
// served at once; with a copy the server's last-update time is asked, and the list read only when
// the copy is older; without one the list is read; one read at a time, so a refresh waits for the
// end of a read. The bookmarks: read once; a toggle of an entry the page has is sent, one at a time,
// in order; a refused one reads them again. A new filter only filters.
const oracle: Oracle = {
  regions: {
    glossary: {
      state: (s) => region(s, 'glossary'),
      table: {
        opening: {
          'filter.change': stay('opening'),
          'xstate.done.actor.readCache': (e) => (e.output ? 'checking' : 'fetching'),
          'xstate.error.actor.readCache': 'fetching',
        },
        checking: {
          'filter.change': stay('checking'),
          'xstate.done.actor.fetchLastUpdate': (e, s) => (Date.parse(ctx(s).cache!.lastUpdate) >= Date.parse(e.output as string) ? 'ready' : 'fetching'),
          'xstate.error.actor.fetchLastUpdate': 'ready',
        },
        fetching: {
          'filter.change': stay('fetching'),
          'xstate.done.actor.fetchGlossary': 'ready',
          'xstate.error.actor.fetchGlossary': (_, s) => (ctx(s).cache ? 'ready' : 'failed'),
        },
        ready: { 'filter.change': stay('ready'), refresh: 'checking' },
        failed: { 'filter.change': stay('failed'), retry: 'fetching' },
      },
    },
    bookmarks: {
      state: (s) => region(s, 'bookmarks'),
      table: {
        loading: { 'xstate.done.actor.fetchBookmarks': 'ready.idle', 'xstate.error.actor.fetchBookmarks': 'failed' },
        failed: { 'bookmarks.retry': 'loading' },
        'ready.idle': { 'bookmark.toggle': (e, s) => (ctx(s).entries.some((x: VocabEntry) => x.id === e.id) ? 'ready.saving' : null) },
        'ready.saving': {
          'bookmark.toggle': (e, s) => (ctx(s).entries.some((x: VocabEntry) => x.id === e.id) ? 'ready.saving' : null),
          'xstate.done.actor.saveBookmark': (_, s) => (ctx(s).pending.length > 1 ? 'ready.saving' : 'ready.idle'),
          'xstate.error.actor.saveBookmark': 'loading',
        },
      },
    },
  },
  offers: (s) => {
    const view = selectVocabView(s as Parameters<typeof selectVocabView>[0]);
    return {
      retry: view.status === 'failed',
      refresh: view.status === 'ready' && !view.refreshing,
      'bookmarks.retry': view.bookmarks === 'failed',
    };
  },
};

describe('vocab machine, model-based', () => {
  it(`replays ${paths.length} generated paths against the spec table; every state and transition is covered`, async () => {
    const written: VocabCache[] = [];
    let server = new Set<string>();
    let answered = 0;
    let freshReads = 0;
    const machine = vocabMachine.provide({ actions: { writeCache: (_, cache: VocabCache) => void written.push(cache) } });
    const result = await replayRuns(machine, [{ input, paths }], {
      actorIds,
      events,
      oracle,
      onPathStart: () => {
        written.length = 0;
        server = new Set();
        answered = 0;
        freshReads = 0;
      },
      check: (live, { event, before }, calls) => {
        const view = selectVocabView(live as Parameters<typeof selectVocabView>[0]);
        const glossary = region(live, 'glossary');
        // The copy is on screen as soon as it is read, before the server is asked anything.
        if (event.type === 'xstate.done.actor.readCache' && event.output) expect([view.status, ctx(live).entries.map((e: VocabEntry) => e.id)]).toEqual(['ready', ['1']]);
        // With a copy only the time is asked; the list is read only once the copy proved older.
        if (event.type === 'xstate.done.actor.readCache' && event.output) expect([calls('fetchLastUpdate').length, calls('fetchGlossary').length]).toEqual([1, 0]);
        if (event.type === 'xstate.done.actor.fetchLastUpdate' && event.output === COPY_TIME) expect(glossary).toBe('ready');
        expect(live.hasTag('busy')).toBe(['opening', 'checking', 'fetching'].includes(glossary));
        // The fresh list replaces what was shown, and is kept as the copy with its time.
        if (event.type === 'xstate.done.actor.fetchGlossary') {
          freshReads += 1;
          expect(ctx(live).entries.map((e: VocabEntry) => e.word_en)).toEqual(['Premium', 'Rider']);
          expect(view.entries.map((e) => e.word)).toEqual(ctx(live).filter.q === 'rider' ? ['Rider'] : ['Premium', 'Rider']);
          expect(written.at(-1)).toEqual(fresh);
        }
        // The copy is written only with a fresh list.
        expect(written.length).toBe(freshReads);
        // A failed read with a copy on screen keeps the copy and says so; without one, the page fails.
        if (event.type === 'xstate.error.actor.fetchGlossary' || event.type === 'xstate.error.actor.fetchLastUpdate') {
          if (ctx(before).cache) expect([view.status, view.offline, ctx(live).entries]).toEqual(['ready', true, ctx(before).cache!.entries]);
          else expect([view.status, view.failure]).toEqual(['failed', { kind: 'server', message: 'The server is busy.' }]);
        }
        // A toggle shows at once.
        if (event.type === 'bookmark.toggle' && s0(before) !== null) expect(ctx(live).bookmarks.includes(event.id as string)).toBe(!ctx(before).bookmarks.includes(event.id as string));
        // The server's bookmarks, as the answered changes left them: once nothing waits, they are what the page shows.
        if (event.type === 'xstate.done.actor.fetchBookmarks') server = new Set(event.output as string[]);
        if (event.type === 'xstate.done.actor.saveBookmark') {
          const change = calls('saveBookmark')[answered++] as { id: string; on: boolean };
          if (change.on) server.add(change.id);
          else server.delete(change.id);
        }
        // A refused change changed nothing on the server.
        if (event.type === 'xstate.error.actor.saveBookmark') answered += 1;
        if (region(live, 'bookmarks') === 'ready.idle') expect([...ctx(live).bookmarks].sort()).toEqual([...server].sort());
        // One change with the server at a time: a new one is sent only once the one before is answered.
        expect(calls('saveBookmark').length - answered).toBeLessThanOrEqual(region(live, 'bookmarks') === 'ready.saving' ? 1 : 0);
        // A refused change reads the bookmarks again, and the page says why.
        if (event.type === 'xstate.error.actor.saveBookmark') {
          expect(view.bookmarkFailure).toEqual({ kind: 'server', message: 'This vocabulary entry does not exist.' });
          expect(ctx(live).pending).toEqual([]);
        }
        expect(view.saving).toBe(region(live, 'bookmarks') === 'ready.saving');
        expect(JSON.stringify(view)).not.toContain('Failed to fetch');
      },
    });
    expect(result.uncovered).toEqual({ states: [], transitions: [] });
  }, 120_000);
});
