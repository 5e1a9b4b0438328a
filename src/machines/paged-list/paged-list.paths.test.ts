import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { pagedListMachine } from './paged-list.machine';
import { selectListView } from './paged-list.selectors';
import { SubmissionError } from '../shared/submission-error';
import { modelPaths, replayRuns, type Oracle } from '../testing/model-coverage';
import { cardPage, sampleCard, type CatalogueQuery } from './paged-list.fixtures';

const first: CatalogueQuery = { list: 'all', page: 1, per_page: 12 };
const filtered: CatalogueQuery = { list: 'all', kind: 'elective', page: 1, per_page: 12 };
const input = { query: first };
const actorIds = ['loadPage'];
const events = [
  { type: 'query.change', query: filtered },
  // The same query again (a re-render) must not reload.
  { type: 'query.change', query: { ...first } },
  { type: 'retry' },
  { type: 'xstate.done.actor.loadPage', output: cardPage([sampleCard], 1, 13) },
  { type: 'xstate.done.actor.loadPage', output: cardPage([]) },
  { type: 'xstate.error.actor.loadPage', error: new SubmissionError('The server is busy.') },
  { type: 'xstate.error.actor.loadPage', error: new TypeError('Failed to fetch') },
];

// Simple paths explode with the query events; edge paths still take every transition.
const paths = modelPaths(pagedListMachine, events, { input, simplePaths: false });

function checkInvariants(live: AnyMachineSnapshot, calls: (id: string) => unknown[]) {
  const view = selectListView(live as Parameters<typeof selectListView>[0]);
  expect(view.status).toBe(live.value);
  expect(live.hasTag('busy')).toBe(live.matches('loading'));
  expect(view.failure === null).toBe(!live.matches('failed'));
  // The call in flight is always for the query the page shows.
  if (live.matches('loading')) expect(calls('loadPage').at(-1)).toEqual(live.context.query);
  if (live.matches('empty')) expect(view.result?.data).toEqual([]);
  if (live.matches('loaded')) expect(view.result?.data.length).toBeGreaterThan(0);
  expect(JSON.stringify(view)).not.toContain('Failed to fetch');
}

// The oracle, from the catalogue's rules (not read off the machine): a new query (not the same one
// again) always loads; an answer with no items is "empty"; only a failure offers Retry.
const change = (e: EventObject & { query?: unknown }, s: AnyMachineSnapshot) => (JSON.stringify(e.query) === JSON.stringify(s.context.query) ? null : 'loading');
const oracle: Oracle = {
  table: {
    loading: {
      'query.change': change,
      'xstate.done.actor.loadPage': (e) => ((e.output as { data: unknown[] }).data.length === 0 ? 'empty' : 'loaded'),
      'xstate.error.actor.loadPage': 'failed',
    },
    loaded: { 'query.change': change },
    empty: { 'query.change': change },
    failed: { 'query.change': change, retry: 'loading' },
  },
  offers: (s) => ({ retry: selectListView(s as Parameters<typeof selectListView>[0]).status === 'failed' }),
};

describe('paged-list machine, model-based', () => {
  it(`replays ${paths.length} generated paths against the spec table; every state and transition is covered`, async () => {
    const result = await replayRuns(pagedListMachine, [{ input, paths }], { actorIds, events, oracle, check: (live, step, calls) => {
        checkInvariants(live, calls);
        // The page always shows (and loads) the latest query asked for.
        if (step.event.type === 'query.change') expect(live.context.query).toEqual(step.event.query);
      },
    });
    expect(result.uncovered).toEqual({ states: [], transitions: [] });
  });
});
