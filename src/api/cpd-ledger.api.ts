import { callRoute } from './call-route';
import type { CpdEvidence, CpdLedger } from './schemas/cpd-ledger.schema';
import { getCpdEvidenceRoute, getCpdLedgerRoute, getOwnCpdLedgerRoute } from './schemas/cpd-ledger.routes';

// The CPD ledger (issue 45): the caller's own of a period (default: the current one, server clock),
// another licensee's (their upline, an auditor) and a row's evidence.

const periodQuery = (period: number | null) => (period === null ? {} : { period: String(period) });

export function getCpdLedger(period: number | null = null): Promise<CpdLedger> {
  return callRoute(getOwnCpdLedgerRoute, { query: periodQuery(period) });
}

export function getCpdLedgerOf(userId: string, period: number | null = null): Promise<CpdLedger> {
  return callRoute(getCpdLedgerRoute, { params: { userId }, query: periodQuery(period) });
}

/** `user`: whose ledger the row is in (null: the caller's). */
export function getCpdEvidence(rowId: string, user: string | null = null): Promise<CpdEvidence> {
  return callRoute(getCpdEvidenceRoute, { params: { rowId }, query: user === null ? {} : { user } });
}
