import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { courseListMachine, type CatalogueQuery } from './course-list.machine';
import { selectListView } from './course-list.selectors';
import { SubmissionError } from '../shared/submission-error';
import { describePath, modelPaths, replay, uncoveredByRuns } from '../testing/model-coverage';
import { cardPage, sampleCard } from './course-list.fixtures';

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
const paths = modelPaths(courseListMachine, events, { input, simplePaths: false });

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

describe('course-list machine, model-based', () => {
  it.each(paths.map((p) => [describePath(p), p] as const))('replays %s', async (_name, path) => {
    await replay(courseListMachine, path, actorIds, (live, _model, calls) => checkInvariants(live, calls), input);
  });

  it('reaches every state and takes every transition of the definition', async () => {
    expect(await uncoveredByRuns(courseListMachine, [{ input, paths }], actorIds)).toEqual({ states: [], transitions: [] });
  });
});
