import { fromPromise } from 'xstate';
import { getCpdEvidence, getCpdLedger } from '../../api/cpd-ledger.api';
import type { CpdEvidence, CpdLedger } from '../../api/schemas/cpd-ledger.schema';
import { cpdLedgerMachine } from '../../machines/cpd-ledger/cpd-ledger.machine';
import { withSubmissionError as shown } from '../submission';

/** The one place the CPD ledger machine meets the API (DESIGN §2): the page and the home tile. */
export const cpdLedgerRouteMachine = cpdLedgerMachine.provide({
  actors: {
    loadLedger: fromPromise<CpdLedger, { period: number | null }>(shown(({ period }: { period: number | null }) => getCpdLedger(period))),
    loadEvidence: fromPromise<CpdEvidence, { rowId: string }>(shown(({ rowId }: { rowId: string }) => getCpdEvidence(rowId))),
  },
});
