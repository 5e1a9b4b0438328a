import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CpdEvidence, CpdLedger } from '../../api/schemas/cpd-ledger.schema';
import { SubmissionError } from '../shared/submission-error';
import { waitFor } from '../testing/wait-for';
import { COURSE_EVIDENCE, LEDGER, NO_TARGET_LEDGER, PREVIOUS_LEDGER } from './cpd-ledger.fixtures';
import { cpdLedgerMachine } from './cpd-ledger.machine';
import { selectCpdLedgerView, selectCpdProgress } from './cpd-ledger.selectors';

type Outcome<T> = T | Error;

/** The machine with loads that answer from lists of outcomes, one per call, recording what was asked. */
function start(ledgers: Outcome<CpdLedger>[], evidence: Outcome<CpdEvidence>[] = []) {
  const asked: { ledger: (number | null)[]; evidence: string[] } = { ledger: [], evidence: [] };
  const next = <T,>(list: Outcome<T>[]) => {
    const out = list.shift();
    if (out === undefined) return new Promise<T>(() => {});
    return out instanceof Error ? Promise.reject(out) : Promise.resolve(out);
  };
  const loadLedger = fromPromise<CpdLedger, { period: number | null }>(({ input }) => (asked.ledger.push(input.period), next(ledgers)));
  const loadEvidence = fromPromise<CpdEvidence, { rowId: string }>(({ input }) => (asked.evidence.push(input.rowId), next(evidence)));
  const actor = createActor(cpdLedgerMachine.provide({ actors: { loadLedger, loadEvidence } })).start();
  return { actor, asked };
}

describe('cpd-ledger machine', () => {
  it('asks for the current period (the server decides which it is) and shows its figures as answered', async () => {
    const { actor, asked } = start([LEDGER]);
    expect(selectCpdLedgerView(actor.getSnapshot())).toMatchObject({ status: 'loading', period: null, canRetry: false, canSelectPeriod: false });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(asked.ledger).toEqual([null]);
    const view = selectCpdLedgerView(actor.getSnapshot());
    expect(view.period).toMatchObject({ startYear: 2026, current: true, minutes: 660, targetMinutes: 900, neededMinutes: 240, neededEthicsMinutes: 0, ethicsMinutes: 300, daysLeft: 241, percent: 73, ethicsPercent: 100, compliant: false, hasTarget: true });
    expect(view.rows).toEqual(LEDGER.rows);
    expect(view.previous).toEqual(LEDGER.previous);
    expect(view.periods).toEqual([2026, 2025]);
    expect([view.canSelectPeriod, view.canOpenRow]).toEqual([true, true]);
  });

  it('reads an earlier period picked, keeps the picker’s periods, and refuses the period on screen or one not listed', async () => {
    const { actor, asked } = start([LEDGER, PREVIOUS_LEDGER]);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().can({ type: 'period.select', period: 2026 })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'period.select', period: 2020 })).toBe(false);
    actor.send({ type: 'period.select', period: 2025 });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(asked.ledger).toEqual([null, 2025]);
    const view = selectCpdLedgerView(actor.getSnapshot());
    expect(view.period).toMatchObject({ startYear: 2025, current: false, compliant: true, daysLeft: 0 });
    expect([view.periods, view.selectedPeriod]).toEqual([[2026, 2025], 2025]);
  });

  it('opens a row’s evidence, closes it, and retries a failed read; no period is picked meanwhile', async () => {
    const { actor, asked } = start([LEDGER], [new SubmissionError('This activity is not in the CPD ledger.'), COURSE_EVIDENCE]);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().can({ type: 'row.open', rowId: 'course:404' })).toBe(false);
    actor.send({ type: 'row.open', rowId: 'course:2' });
    expect(selectCpdLedgerView(actor.getSnapshot()).evidence).toMatchObject({ status: 'opening', row: { id: 'course:2' }, evidence: null });
    expect(actor.getSnapshot().can({ type: 'period.select', period: 2025 })).toBe(false);
    await waitFor(actor, (s) => s.matches({ ready: { evidence: 'failed' } }));
    expect(selectCpdLedgerView(actor.getSnapshot()).evidence).toMatchObject({ status: 'failed', failure: { kind: 'server', message: 'This activity is not in the CPD ledger.' }, canRetry: true });
    actor.send({ type: 'evidence.retry' });
    await waitFor(actor, (s) => s.matches({ ready: { evidence: 'shown' } }));
    expect(asked.evidence).toEqual(['course:2', 'course:2']);
    expect(selectCpdLedgerView(actor.getSnapshot()).evidence).toMatchObject({ status: 'shown', evidence: COURSE_EVIDENCE, failure: null });
    actor.send({ type: 'evidence.close' });
    expect(selectCpdLedgerView(actor.getSnapshot()).evidence).toBeNull();
    expect(actor.getSnapshot().context.evidence).toBeNull();
  });

  it('a failed load offers retry, with the server’s words or a generic text', async () => {
    const { actor } = start([new TypeError('Failed to fetch'), new SubmissionError('The period must be the year it starts in, such as 2026.'), LEDGER]);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectCpdLedgerView(actor.getSnapshot())).toMatchObject({ status: 'failed', failure: { kind: 'generic' }, canRetry: true });
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectCpdLedgerView(actor.getSnapshot()).failure).toEqual({ kind: 'server', message: 'The period must be the year it starts in, such as 2026.' });
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('ready'));
  });

  it('the home tile shows this period’s progress once read, and nothing for someone without a target', async () => {
    const { actor } = start([LEDGER]);
    expect(selectCpdProgress(actor.getSnapshot())).toBeNull();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(selectCpdProgress(actor.getSnapshot())).toMatchObject({ startYear: 2026, neededMinutes: 240, daysLeft: 241 });
    const recruit = start([NO_TARGET_LEDGER]);
    await waitFor(recruit.actor, (s) => s.matches('ready'));
    expect(selectCpdProgress(recruit.actor.getSnapshot())).toBeNull();
  });
});
