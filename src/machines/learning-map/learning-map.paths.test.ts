import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { SubmissionError } from '../shared/submission-error';
import { edgePaths, replayRuns } from '../testing/model-coverage';
import { CATALOGUE, LICENSING_DETAIL, LIST } from './learning-map.fixtures';
import { learningMapMachine, type LearningMapContext, type LearningMapPage } from './learning-map.machine';
import { learningMapOracle } from './learning-map.oracle';
import { selectLearningMapView, type LearningMapSnapshot } from './learning-map.selectors';

// Model-based (DESIGN §4, ADR 022): every state and transition of the real machine, replayed into a
// live actor whose calls the test settles by hand, checked at each step against the oracle written
// from the issue (learning-map.oracle.ts) and the view's invariants. Three pages: a learner's list,
// a manager's list (with the assign form) and one map.

type TestEvent = EventObject & Record<string, unknown>;
const actorIds = ['load', 'assign'];
const listPage: LearningMapPage = { kind: 'list', list: LIST, catalogue: null };
const managerPage: LearningMapPage = { kind: 'list', list: LIST, catalogue: CATALOGUE };
const mapPage: LearningMapPage = { kind: 'map', map: LICENSING_DETAIL };
const events: TestEvent[] = [
  { type: 'retry' },
  { type: 'assign.submit', mapId: '3', userIds: ['3'] },
  { type: 'assign.submit', mapId: '3', userIds: ['99'] },
  { type: 'assign.submit', mapId: '3', userIds: [] },
  { type: 'assign.submit', mapId: '77', userIds: ['3'] },
  { type: 'assign.edit' },
  { type: 'xstate.done.actor.load', output: listPage },
  { type: 'xstate.done.actor.load', output: managerPage },
  { type: 'xstate.done.actor.load', output: mapPage },
  { type: 'xstate.error.actor.load', error: new SubmissionError('This learning map is not one of yours.') },
  { type: 'xstate.error.actor.load', error: new TypeError('Failed to fetch') },
  { type: 'xstate.done.actor.assign', output: { assigned: ['3'], already: [] } },
  { type: 'xstate.error.actor.assign', error: new SubmissionError('You may assign maps to your own downlines only.') },
];

const ctx = (s: AnyMachineSnapshot) => s.context as LearningMapContext;
const catalogueOf = (s: AnyMachineSnapshot) => { const page = ctx(s).page; return page?.kind === 'list' ? page.catalogue : null; };
// Told apart by what the rules read: the state, the page, the catalogue's holders, the answers and the last choice.
const serializeState = (s: AnyMachineSnapshot) =>
  JSON.stringify({ value: s.value, page: ctx(s).page?.kind ?? null, holders: catalogueOf(s)?.maps.map((m) => m.holders) ?? null, error: ctx(s).error, assignError: ctx(s).assignError, assigned: ctx(s).assigned, choice: ctx(s).choice });

// The server answers a page with what was asked: one map for a map page, the list (and a manager's catalogue) for the list.
function eventsFor(input: { mapId: string | null; manager: boolean }) {
  return (s: AnyMachineSnapshot): TestEvent[] =>
    events.filter((e) => {
      if (!s.can(e)) return false;
      if (e.type === 'xstate.done.actor.load') return e.output === (input.mapId !== null ? mapPage : input.manager ? managerPage : listPage);
      return true;
    });
}

const inputs = [
  { mapId: null, manager: false },
  { mapId: null, manager: true },
  { mapId: '1', manager: false },
];
const runs = inputs.map((input) => ({ input, paths: edgePaths(learningMapMachine, { input, serializeState, events: eventsFor(input) }) }));

describe('learning-map machine, model-based', () => {
  it(`replays ${runs.reduce((n, r) => n + r.paths.length, 0)} generated paths against the issue’s table; every state and transition is covered`, async () => {
    const result = await replayRuns(learningMapMachine, runs, {
      actorIds,
      events,
      oracle: learningMapOracle as never,
      check: (live, { event }, calls) => {
        const view = selectLearningMapView(live as LearningMapSnapshot);
        const c = ctx(live);
        // The page asks for what its address names, every time it reads.
        for (const asked of calls('load')) expect(asked).toEqual({ mapId: c.mapId, manager: c.manager });
        // What the page shows is the server's answer as is.
        if (view.status === 'ready' && view.page === 'list') expect([view.maps, view.history]).toEqual([LIST.maps, LIST.history]);
        if (view.status === 'ready' && view.page === 'map') expect(view.map).toEqual(LICENSING_DETAIL);
        if (view.status !== 'ready') expect([view.maps, view.history, view.map, view.assign]).toEqual([[], [], null, null]);
        // Only a manager's list page has the form; what it sends is the choice made.
        if (view.assign) expect(c.manager && view.page === 'list').toBe(true);
        if (event.type === 'assign.submit' && live.matches({ ready: 'assigning' })) expect(calls('assign').at(-1)).toEqual({ mapId: event.mapId, userIds: event.userIds });
        if (event.type === 'xstate.done.actor.assign') {
          expect(view.assign?.result).toEqual({ assigned: ['3'], already: [] });
          expect(view.assign?.maps.find((m) => m.id === '3')?.holders).toContain('3');
        }
        // A failure says the server's words, never a raw exception.
        if (event.type === 'xstate.error.actor.load') expect(view.failure).toEqual(event.error instanceof SubmissionError ? { kind: 'server', message: event.error.message } : { kind: 'generic' });
        if (event.type === 'xstate.error.actor.assign') expect(view.assign?.failure).toEqual({ kind: 'server', message: 'You may assign maps to your own downlines only.' });
        expect(JSON.stringify(view)).not.toContain('Failed to fetch');
        expect(live.hasTag('busy')).toBe(live.matches('loading') || live.matches({ ready: 'assigning' }));
      },
    });
    expect(result.paths).toBeGreaterThan(10);
    expect(result.uncovered).toEqual({ states: [], transitions: [] });
  });
});
