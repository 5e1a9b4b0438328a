import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { CpdLedger } from '../../api/schemas/cpd-ledger.schema';
import { SubmissionError } from '../shared/submission-error';
import { edgePaths, replayRuns } from '../testing/model-coverage';
import { CLASSROOM_EVIDENCE, COURSE_EVIDENCE, EMPTY_LEDGER, LEDGER, PREVIOUS_LEDGER } from './cpd-ledger.fixtures';
import { cpdLedgerMachine, type CpdLedgerContext } from './cpd-ledger.machine';
import { cpdLedgerOracle } from './cpd-ledger.oracle';
import { selectCpdLedgerView, type CpdLedgerSnapshot } from './cpd-ledger.selectors';

// Model-based (DESIGN §4, ADR 022): every state and transition of the real machine, replayed into a
// live actor whose calls the test settles by hand, checked at each step against the oracle written
// from the issue (cpd-ledger.oracle.ts) and the view's invariants.

type TestEvent = EventObject & Record<string, unknown>;
const actorIds = ['loadLedger', 'loadEvidence'];
const loaded = (output: CpdLedger): TestEvent => ({ type: 'xstate.done.actor.loadLedger', output });
const events: TestEvent[] = [
  { type: 'retry' },
  { type: 'period.select', period: 2025 },
  { type: 'period.select', period: 2026 },
  { type: 'period.select', period: 2019 },
  { type: 'row.open', rowId: 'course:2' },
  { type: 'row.open', rowId: 'offline:5' },
  { type: 'row.open', rowId: 'claim:3' },
  { type: 'row.open', rowId: 'course:999' },
  { type: 'evidence.retry' },
  { type: 'evidence.close' },
  loaded(LEDGER),
  loaded(PREVIOUS_LEDGER),
  loaded(EMPTY_LEDGER),
  { type: 'xstate.error.actor.loadLedger', error: new SubmissionError('There is no CPD ledger for that period: choose one from 2019 to 2026.') },
  { type: 'xstate.error.actor.loadLedger', error: new TypeError('Failed to fetch') },
  { type: 'xstate.done.actor.loadEvidence', output: COURSE_EVIDENCE },
  { type: 'xstate.error.actor.loadEvidence', error: new SubmissionError('This activity is not in the CPD ledger.') },
];

const ctx = (s: AnyMachineSnapshot) => s.context as CpdLedgerContext;
// Told apart by what the rules read: the state, the periods listed, the period and rows on screen, the open row.
const serializeState = (s: AnyMachineSnapshot) =>
  JSON.stringify({ value: s.value, periods: ctx(s).periods, shown: ctx(s).ledger?.period.start_year ?? null, rows: ctx(s).ledger?.rows.length ?? 0, asked: ctx(s).period, open: ctx(s).openRow, error: ctx(s).error, evidenceError: ctx(s).evidenceError });

// A loading state is answered only with a ledger of the period it asked for (the server's answer);
// an evidence read only with the evidence of its row.
function eventsIn(s: AnyMachineSnapshot): TestEvent[] {
  return events.filter((e) => {
    if (!s.can(e)) return false;
    if (e.type === 'xstate.done.actor.loadLedger') {
      const asked = ctx(s).period;
      const year = (e.output as CpdLedger).period.start_year;
      return asked === null ? year === 2026 : year === asked;
    }
    return true;
  });
}

const paths = edgePaths(cpdLedgerMachine, { serializeState, events: eventsIn });

describe('cpd-ledger machine, model-based', () => {
  it(`replays ${paths.length} generated paths against the issue’s table; every state and transition is covered`, async () => {
    const result = await replayRuns(cpdLedgerMachine, [{ paths }], {
      actorIds,
      events,
      oracle: cpdLedgerOracle as never,
      check: (live, { event, before }, calls) => {
        const view = selectCpdLedgerView(live as CpdLedgerSnapshot);
        // The ledger asked is the one the learner picked (the first: the server's current period).
        if (event.type === 'period.select' && live.matches('loading')) expect(calls('loadLedger').at(-1)).toEqual({ period: event.period });
        if (calls('loadLedger').length > 0) expect(calls('loadLedger')[0]).toEqual({ period: null });
        // The picker lists the first answer's periods whatever is shown later.
        if (ctx(before).periods.length > 0) expect(ctx(live).periods).toEqual(ctx(before).periods);
        else if (event.type === 'xstate.done.actor.loadLedger') {
          const first = event.output as CpdLedger;
          expect(ctx(live).periods).toEqual([first.period.start_year, ...first.previous.map((p) => p.start_year)]);
        }
        // What the page shows is the server's answer, figure for figure.
        if (view.status === 'ready') {
          const ledger = ctx(live).ledger!;
          expect(view.period).toMatchObject({ startYear: ledger.period.start_year, minutes: ledger.totals.minutes, neededMinutes: ledger.totals.needed_minutes, neededEthicsMinutes: ledger.totals.needed_ethics_minutes, daysLeft: ledger.period.days_left });
          expect(view.rows).toEqual(ledger.rows);
          expect(view.period!.current).toBe(ledger.period.start_year === 2026);
        } else expect(view.period).toBeNull();
        // The evidence asked is the open row's; it shows only once read.
        if (event.type === 'row.open' && view.evidence) expect(calls('loadEvidence').at(-1)).toEqual({ rowId: event.rowId });
        if (view.evidence) expect(view.evidence.row.id).toBe(ctx(live).openRow);
        if (view.evidence?.status === 'shown') expect(view.evidence.evidence).toEqual(COURSE_EVIDENCE);
        if (event.type === 'evidence.close') expect([view.evidence, ctx(live).evidence]).toEqual([null, null]);
        // A failure says the server's words, never a raw exception.
        if (event.type === 'xstate.error.actor.loadLedger') expect(view.failure).toEqual(event.error instanceof SubmissionError ? { kind: 'server', message: event.error.message } : { kind: 'generic' });
        if (event.type === 'xstate.error.actor.loadEvidence') expect(view.evidence?.failure).toEqual({ kind: 'server', message: 'This activity is not in the CPD ledger.' });
        expect(JSON.stringify(view)).not.toContain('Failed to fetch');
        expect(live.hasTag('busy')).toBe(live.matches('loading') || live.matches({ ready: { evidence: 'opening' } }));
      },
    });
    expect(result.paths).toBeGreaterThan(10);
    expect(result.uncovered).toEqual({ states: [], transitions: [] });
  });

  it('the classroom evidence fixture is of the row it names', () => {
    expect(LEDGER.rows.some((r) => r.id === CLASSROOM_EVIDENCE.row.id)).toBe(true);
  });
});
