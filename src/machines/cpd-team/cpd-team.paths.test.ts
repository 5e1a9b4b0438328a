import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { CpdTeam } from '../../api/schemas/cpd-team.schema';
import { SubmissionError } from '../shared/submission-error';
import { edgePaths, replayRuns } from '../testing/model-coverage';
import { AT_RISK_TEAM, EMPTY_TEAM, TEAM } from './cpd-team.fixtures';
import { cpdTeamMachine, type CpdTeamContext } from './cpd-team.machine';
import { cpdTeamOracle } from './cpd-team.oracle';
import { selectCpdTeamView, type CpdTeamSnapshot } from './cpd-team.selectors';

// Model-based (DESIGN §4, ADR 022): every state and transition of the real machine, replayed into a
// live actor whose calls the test settles by hand, checked at each step against the oracle written
// from the brief (cpd-team.oracle.ts) and the view's invariants.

type TestEvent = EventObject & Record<string, unknown>;
const actorIds = ['loadTeam', 'exportCsv'];
const events: TestEvent[] = [
  { type: 'retry' },
  { type: 'refresh' },
  { type: 'filter.atRisk', atRisk: true },
  { type: 'filter.atRisk', atRisk: false },
  { type: 'sort.select', sort: 'needed' },
  { type: 'sort.select', sort: 'name' },
  { type: 'export' },
  { type: 'xstate.done.actor.loadTeam', output: TEAM },
  { type: 'xstate.done.actor.loadTeam', output: AT_RISK_TEAM },
  { type: 'xstate.done.actor.loadTeam', output: EMPTY_TEAM },
  { type: 'xstate.error.actor.loadTeam', error: new SubmissionError('You may read only your own CPD ledger and your downlines’.') },
  { type: 'xstate.error.actor.loadTeam', error: new TypeError('Failed to fetch') },
  { type: 'xstate.done.actor.exportCsv', output: undefined },
  { type: 'xstate.error.actor.exportCsv', error: new TypeError('Failed to fetch') },
];

const ctx = (s: AnyMachineSnapshot) => s.context as CpdTeamContext;
const serializeState = (s: AnyMachineSnapshot) => JSON.stringify({ value: s.value, ask: ctx(s).ask, rows: ctx(s).team?.rows.length ?? null, error: ctx(s).error, exportFailed: ctx(s).exportFailed });

// A load is answered with what the server would send for the ask: the at-risk rows when filtered.
function eventsIn(s: AnyMachineSnapshot): TestEvent[] {
  return events.filter((e) => {
    if (!s.can(e)) return false;
    if (e.type === 'xstate.done.actor.loadTeam') return ctx(s).ask.atRisk ? e.output === AT_RISK_TEAM : e.output !== AT_RISK_TEAM;
    return true;
  });
}

const paths = edgePaths(cpdTeamMachine, { serializeState, events: eventsIn });

describe('cpd-team machine, model-based', () => {
  it(`replays ${paths.length} generated paths against the brief’s table; every state and transition is covered`, async () => {
    const result = await replayRuns(cpdTeamMachine, [{ paths }], {
      actorIds,
      events,
      oracle: cpdTeamOracle as never,
      check: (live, { event }, calls) => {
        const view = selectCpdTeamView(live as CpdTeamSnapshot);
        // The server is asked exactly what the view shows as chosen (the first: everyone, by name).
        if (calls('loadTeam').length > 0) expect(calls('loadTeam')[0]).toEqual({ atRisk: false, sort: 'name' });
        if (live.matches('loading')) expect(calls('loadTeam').at(-1)).toEqual({ atRisk: view.atRisk, sort: view.sort });
        if (event.type === 'export') expect(calls('exportCsv').at(-1)).toEqual({ atRisk: view.atRisk, sort: view.sort });
        // A new export forgets the last one's failure.
        if (event.type === 'export') expect(view.exportFailed).toBe(false);
        // What the page lists is the server's answer, row for row, in its order.
        if (view.status === 'ready') expect(view.rows).toEqual((ctx(live).team as CpdTeam).rows);
        else expect(view.rows).toEqual([]);
        if (event.type === 'xstate.error.actor.loadTeam') expect(view.failure).toEqual(event.error instanceof SubmissionError ? { kind: 'server', message: event.error.message } : { kind: 'generic' });
        if (event.type === 'xstate.error.actor.exportCsv') expect([view.exportFailed, view.rows.length > 0 || ctx(live).team !== null]).toEqual([true, true]);
        expect(JSON.stringify(view)).not.toContain('Failed to fetch');
        expect(live.hasTag('busy')).toBe(live.matches('loading') || live.matches({ ready: 'exporting' }));
      },
    });
    expect(result.paths).toBeGreaterThan(8);
    expect(result.uncovered).toEqual({ states: [], transitions: [] });
  });
});
