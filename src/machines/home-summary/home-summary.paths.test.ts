import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { edgePaths, replayRuns } from '../testing/model-coverage';
import { CONTINUE_ONLY, EMPTY_SUMMARY, SUMMARY } from './home-summary.fixtures';
import { homeSummaryMachine, type HomeSummaryContext } from './home-summary.machine';
import { homeSummaryOracle } from './home-summary.oracle';
import { selectHomeSummaryView, summaryView, type HomeSummarySnapshot } from './home-summary.selectors';

// Model-based (DESIGN §4, ADR 022): every state and transition of the real machine, replayed into a
// live actor whose calls the test settles by hand, checked at each step against the oracle written
// from the issue (home-summary.oracle.ts) and the view's invariants.

type TestEvent = EventObject & Record<string, unknown>;
const events: TestEvent[] = [
  { type: 'retry' },
  { type: 'xstate.done.actor.load', output: SUMMARY },
  { type: 'xstate.done.actor.load', output: CONTINUE_ONLY },
  { type: 'xstate.done.actor.load', output: EMPTY_SUMMARY },
  { type: 'xstate.error.actor.load', error: new TypeError('Failed to fetch') },
];

const ctx = (s: AnyMachineSnapshot) => s.context as HomeSummaryContext;
const serializeState = (s: AnyMachineSnapshot) => JSON.stringify({ value: s.value, summary: ctx(s).summary });
const paths = edgePaths(homeSummaryMachine, { serializeState, events: (s) => events.filter((e) => s.can(e)) });

describe('home-summary machine, model-based', () => {
  it(`replays ${paths.length} generated paths against the issue’s table; every state and transition is covered`, async () => {
    const result = await replayRuns(homeSummaryMachine, [{ paths }], {
      actorIds: ['load'],
      events,
      oracle: homeSummaryOracle as never,
      check: (live) => {
        const view = selectHomeSummaryView(live as HomeSummarySnapshot);
        // What the page shows is the server's answer, entry for entry, and only once answered.
        if (view.status === 'ready' || view.status === 'empty') expect({ continueItem: view.continueItem, due: view.due }).toEqual(summaryView(ctx(live).summary));
        else expect([view.continueItem, view.due]).toEqual([null, []]);
        if (view.status === 'empty') expect([view.continueItem, view.due.length]).toEqual([null, 0]);
        expect(JSON.stringify(view)).not.toContain('Failed to fetch');
        expect(live.hasTag('busy')).toBe(live.matches('loading'));
      },
    });
    expect(result.paths).toBeGreaterThan(0);
    expect(result.uncovered).toEqual({ states: [], transitions: [] });
  });
});
