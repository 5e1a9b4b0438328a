import type { CpdLedger } from '../../api/schemas/cpd-ledger.schema';
import { stateName, type Oracle, type OracleEvent, type OracleRow } from '../testing/model-coverage';
import { selectCpdLedgerView, type CpdLedgerSnapshot } from './cpd-ledger.selectors';

// ADR 022: the CPD ledger page as issue 45 describes it, written from the issue and not read off the
// machine: (state, event) → next state; an event missing from a row is refused. The page shows this
// period's ledger; the picker offers the periods the first answer listed (this one and the earlier
// ones), and reads the one picked unless it is on screen already; a row of the ledger on screen opens
// its evidence, which closes back to the ledger, and a failed read of it may be tried again.

const ctx = (s: CpdLedgerSnapshot) => s.context;

/** What the picker lists: the first answer's period and its earlier ones (kept once known). */
const listed = (s: CpdLedgerSnapshot, period: number) => ctx(s).periods.includes(period);
const onScreen = (s: CpdLedgerSnapshot) => (ctx(s).ledger as CpdLedger | null)?.period.start_year;

const pick = (e: OracleEvent, s: CpdLedgerSnapshot) => (listed(s, e.period as number) && onScreen(s) !== e.period ? 'loading' : null);
const open = (e: OracleEvent, s: CpdLedgerSnapshot) => ((ctx(s).ledger as CpdLedger | null)?.rows.some((r) => r.id === e.rowId) ? 'ready.evidence.opening' : null);

const table: Record<string, OracleRow<CpdLedgerSnapshot>> = {
  loading: { 'xstate.done.actor.loadLedger': 'ready.idle', 'xstate.error.actor.loadLedger': 'failed' },
  failed: { retry: 'loading' },
  'ready.idle': { 'period.select': pick, 'row.open': open },
  'ready.evidence.opening': { 'xstate.done.actor.loadEvidence': 'ready.evidence.shown', 'xstate.error.actor.loadEvidence': 'ready.evidence.failed', 'evidence.close': 'ready.idle' },
  'ready.evidence.shown': { 'evidence.close': 'ready.idle' },
  'ready.evidence.failed': { 'evidence.retry': 'ready.evidence.opening', 'evidence.close': 'ready.idle' },
};

export const cpdLedgerOracle: Oracle<CpdLedgerSnapshot> = {
  state: (s) => stateName(s.value),
  table,
  offers: (s) => {
    const view = selectCpdLedgerView(s);
    return {
      retry: view.status === 'failed',
      'period.select': view.canSelectPeriod,
      'row.open': view.canOpenRow,
      'evidence.retry': view.evidence?.status === 'failed',
      'evidence.close': view.evidence !== null,
    };
  },
};
