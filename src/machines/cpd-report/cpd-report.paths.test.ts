import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { CpdReport } from '../../api/schemas/cpd-report.schema';
import { SubmissionError } from '../shared/submission-error';
import { edgePaths, replayRuns } from '../testing/model-coverage';
import { CAN_DECLARE, REPORT, REPORT_PAGE_2 } from './cpd-report.fixtures';
import { cpdReportMachine, type CpdReportContext } from './cpd-report.machine';
import { cpdReportOracle } from './cpd-report.oracle';
import { selectCpdReportView, type CpdReportSnapshot } from './cpd-report.selectors';

// Model-based (DESIGN §4, ADR 022): every state and transition of the real machine, replayed into a
// live actor, checked at each step against the oracle written from the brief and the view's invariants.

type TestEvent = EventObject & Record<string, unknown>;
const events: TestEvent[] = [
  { type: 'retry' },
  { type: 'list.select', list: 'all' },
  { type: 'list.select', list: 'can_declare' },
  { type: 'page.select', page: 2 },
  { type: 'page.select', page: 1 },
  { type: 'page.select', page: 3 },
  { type: 'page.select', page: 0 },
  { type: 'export' },
  { type: 'xstate.done.actor.loadReport', output: REPORT },
  { type: 'xstate.done.actor.loadReport', output: REPORT_PAGE_2 },
  { type: 'xstate.done.actor.loadReport', output: CAN_DECLARE },
  { type: 'xstate.error.actor.loadReport', error: new SubmissionError('Only a compliance officer (auditor) may read the CPD reports.') },
  { type: 'xstate.error.actor.loadReport', error: new TypeError('Failed to fetch') },
  { type: 'xstate.done.actor.exportCsv', output: undefined },
  { type: 'xstate.error.actor.exportCsv', error: new TypeError('Failed to fetch') },
];

const ctx = (s: AnyMachineSnapshot) => s.context as CpdReportContext;
const serializeState = (s: AnyMachineSnapshot) => JSON.stringify({ value: s.value, ask: ctx(s).ask, shown: ctx(s).report ? [ctx(s).report!.list, ctx(s).report!.page] : null, error: ctx(s).error, exportFailed: ctx(s).exportFailed });

// A load is answered with the page and list it asked for (the server's answer).
function eventsIn(s: AnyMachineSnapshot): TestEvent[] {
  return events.filter((e) => {
    if (!s.can(e)) return false;
    if (e.type === 'xstate.done.actor.loadReport') {
      const r = e.output as CpdReport;
      return r.list === ctx(s).ask.list && r.page === ctx(s).ask.page;
    }
    return true;
  });
}

const paths = edgePaths(cpdReportMachine, { serializeState, events: eventsIn });

describe('cpd-report machine, model-based', () => {
  it(`replays ${paths.length} generated paths against the brief’s table; every state and transition is covered`, async () => {
    const result = await replayRuns(cpdReportMachine, [{ paths }], {
      actorIds: ['loadReport', 'exportCsv'],
      events,
      oracle: cpdReportOracle as never,
      check: (live, { event }, calls) => {
        const view = selectCpdReportView(live as CpdReportSnapshot);
        if (calls('loadReport').length > 0) expect(calls('loadReport')[0]).toEqual({ list: 'all', page: 1 });
        if (live.matches('loading')) expect(calls('loadReport').at(-1)).toEqual({ list: view.list, page: view.page });
        if (event.type === 'export') expect(calls('exportCsv').at(-1)).toEqual({ list: view.list, page: view.page });
        // Another list starts at its first page; another page keeps the list; the server is asked for what was chosen.
        if (event.type === 'list.select' && live.matches('loading')) expect(calls('loadReport').at(-1)).toEqual({ list: event.list, page: 1 });
        if (event.type === 'page.select' && live.matches('loading')) expect(calls('loadReport').at(-1)).toEqual({ list: ctx(live).report?.list ?? view.list, page: event.page });
        // A new export forgets the last one's failure; a failed one says so.
        if (event.type === 'export') expect(view.exportFailed).toBe(false);
        if (event.type === 'xstate.error.actor.exportCsv') expect(view.exportFailed).toBe(true);
        if (view.status === 'ready') expect(view.rows).toEqual((ctx(live).report as CpdReport).data);
        else expect(view.rows).toEqual([]);
        if (event.type === 'xstate.error.actor.loadReport') expect(view.failure).toEqual(event.error instanceof SubmissionError ? { kind: 'server', message: event.error.message } : { kind: 'generic' });
        expect(JSON.stringify(view)).not.toContain('Failed to fetch');
        expect(live.hasTag('busy')).toBe(live.matches('loading') || live.matches({ ready: 'exporting' }));
      },
    });
    expect(result.paths).toBeGreaterThan(8);
    expect(result.uncovered).toEqual({ states: [], transitions: [] });
  });
});
