import type { SnapshotFrom } from 'xstate';
import type { CpdEvidence, CpdLedgerRow, CpdPeriodSummary } from '../../api/schemas/cpd-ledger.schema';
import { failureView, type FailureView } from '../shared/submission-error';
import type { cpdLedgerMachine } from './cpd-ledger.machine';

export type CpdLedgerSnapshot = SnapshotFrom<typeof cpdLedgerMachine>;

/** A period's figures as the page shows them (minutes: the view writes them as hours). */
export interface CpdPeriodView {
  startYear: number;
  startsOn: string;
  endsOn: string;
  daysLeft: number;
  declarationDue: string;
  /** The period holding the server's now (the first the server answered). */
  current: boolean;
  /** false: no ledger target (a recruit, an auditor, a trainer). */
  hasTarget: boolean;
  prorated: boolean;
  travelAgent: boolean;
  minutes: number;
  ethicsMinutes: number;
  targetMinutes: number;
  targetEthicsMinutes: number;
  neededMinutes: number;
  neededEthicsMinutes: number;
  compliant: boolean;
  /** 0–100, of the target (100 when met or when there is none). */
  percent: number;
  ethicsPercent: number;
}

export interface CpdEvidenceView {
  status: 'opening' | 'shown' | 'failed';
  row: CpdLedgerRow;
  evidence: CpdEvidence | null;
  failure: FailureView;
  canRetry: boolean;
}

export interface CpdLedgerViewModel {
  status: 'loading' | 'ready' | 'failed';
  failure: FailureView;
  /** The view offers "Try again" exactly when the machine takes a retry. */
  canRetry: boolean;
  period: CpdPeriodView | null;
  rows: CpdLedgerRow[];
  previous: CpdPeriodSummary[];
  /** The picker's periods, newest first, and the one shown. */
  periods: number[];
  selectedPeriod: number | null;
  /** The picker and the rows take a choice (not while a row's evidence is open). */
  canSelectPeriod: boolean;
  canOpenRow: boolean;
  evidence: CpdEvidenceView | null;
}

const percentOf = (done: number, target: number) => (target <= 0 ? 100 : Math.min(100, Math.floor((done / target) * 100)));

function periodView(snapshot: CpdLedgerSnapshot): CpdPeriodView | null {
  const { ledger, periods } = snapshot.context;
  if (!ledger) return null;
  const { period, target, totals } = ledger;
  return {
    startYear: period.start_year,
    startsOn: period.starts_on,
    endsOn: period.ends_on,
    daysLeft: period.days_left,
    declarationDue: period.declaration_due,
    current: period.start_year === periods[0],
    hasTarget: target.licence_kind !== null,
    prorated: target.prorated,
    travelAgent: target.licence_kind === 'travel_agent',
    minutes: totals.minutes,
    ethicsMinutes: totals.ethics_minutes,
    targetMinutes: target.minutes,
    targetEthicsMinutes: target.ethics_minutes,
    neededMinutes: totals.needed_minutes,
    neededEthicsMinutes: totals.needed_ethics_minutes,
    compliant: totals.compliant,
    percent: percentOf(totals.minutes, target.minutes),
    ethicsPercent: percentOf(totals.ethics_minutes, target.ethics_minutes),
  };
}

function evidenceView(snapshot: CpdLedgerSnapshot): CpdEvidenceView | null {
  const { ledger, openRow, evidence, evidenceError } = snapshot.context;
  const row = ledger?.rows.find((r) => r.id === openRow);
  if (!row || !snapshot.matches({ ready: 'evidence' })) return null;
  const status = snapshot.matches({ ready: { evidence: 'shown' } }) ? 'shown' : snapshot.matches({ ready: { evidence: 'failed' } }) ? 'failed' : 'opening';
  return { status, row, evidence: status === 'shown' ? evidence : null, failure: failureView(status === 'failed', evidenceError), canRetry: snapshot.can({ type: 'evidence.retry' }) };
}

export function selectCpdLedgerView(snapshot: CpdLedgerSnapshot): CpdLedgerViewModel {
  const status = snapshot.matches('ready') ? 'ready' : snapshot.matches('failed') ? 'failed' : 'loading';
  const { ledger, periods } = snapshot.context;
  const shown = status === 'ready' ? ledger : null;
  const idle = snapshot.matches({ ready: 'idle' });
  return {
    status,
    failure: failureView(status === 'failed', snapshot.context.error),
    canRetry: snapshot.can({ type: 'retry' }),
    period: status === 'ready' ? periodView(snapshot) : null,
    rows: shown?.rows ?? [],
    previous: shown?.previous ?? [],
    periods,
    selectedPeriod: shown?.period.start_year ?? snapshot.context.period,
    canSelectPeriod: idle && periods.length > 1,
    canOpenRow: idle && (shown?.rows.length ?? 0) > 0,
    evidence: evidenceView(snapshot),
  };
}

/** The home page's tile: this period's progress, once read (null: loading, failed, or no target). */
export function selectCpdProgress(snapshot: CpdLedgerSnapshot): CpdPeriodView | null {
  if (!snapshot.matches('ready')) return null;
  const period = periodView(snapshot);
  return period?.hasTarget ? period : null;
}
