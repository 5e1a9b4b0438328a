import type { CpdClaim } from '../../api/schemas/cpd-claim.schema';
import { stateName, type Oracle, type OracleEvent, type OracleRow } from '../testing/model-coverage';
import type { CpdDecideOutcome } from './cpd-claim-decision.machine';
import { selectCpdClaimDecisionView, type CpdClaimDecisionSnapshot } from './cpd-claim-decision.selectors';

// ADR 022: the upline's decision of the team's claims as issue 45's brief describes it, written from
// the brief and not read off the machine: (state, event) → next state; an event missing from a row is
// refused. Only a claim on the list the server answered, pending and marked may_decide, is decided; a
// rejection needs a reason (not blank); a 409 (decided elsewhere) reads the list again; a failed
// decision leaves the row (and a rejection its reason) to be tried again; a failed load offers retry.

const onList = (e: OracleEvent, s: CpdClaimDecisionSnapshot) => (s.context.claims ?? []).some((c: CpdClaim) => c.id === e.id && c.status === 'pending' && c.may_decide);
const wasReject = (s: CpdClaimDecisionSnapshot) => s.context.deciding?.decision.decision === 'reject';

const table: Record<string, OracleRow<CpdClaimDecisionSnapshot>> = {
  loading: { 'xstate.done.actor.loadClaims': 'ready.idle', 'xstate.error.actor.loadClaims': 'failed' },
  failed: { retry: 'loading' },
  'ready.idle': {
    approve: (e, s) => (onList(e, s) ? 'deciding' : null),
    'reject.open': (e, s) => (onList(e, s) ? 'ready.rejecting' : null),
  },
  'ready.rejecting': {
    'reason.change': 'ready.rejecting',
    'reject.cancel': 'ready.idle',
    'reject.confirm': (_e, s) => ((s.context.rejecting?.reason ?? '').trim() !== '' ? 'deciding' : null),
  },
  deciding: {
    'xstate.done.actor.decideClaim': (e) => ((e.output as CpdDecideOutcome).outcome === 'refused' ? 'refused' : 'ready.idle'),
    'xstate.error.actor.decideClaim': (_e, s) => (wasReject(s) ? 'ready.rejecting' : 'ready.idle'),
  },
  refused: { 'xstate.done.actor.loadClaims': 'ready.idle', 'xstate.error.actor.loadClaims': 'failed' },
};

export const cpdClaimDecisionOracle: Oracle<CpdClaimDecisionSnapshot> = {
  state: (s) => stateName(s.value),
  table,
  offers: (s) => {
    const view = selectCpdClaimDecisionView(s);
    const here = stateName(s.value);
    const decidableRow = view.rows.some((r) => r.claim.status === 'pending' && r.claim.may_decide);
    return {
      retry: view.status === 'failed' && view.canRetry,
      approve: here === 'ready.idle' && decidableRow && view.rejecting === null,
      'reject.open': here === 'ready.idle' && decidableRow && view.rejecting === null,
      'reject.cancel': view.rejecting !== null && !view.rejecting.sending,
      'reject.confirm': view.rejecting !== null && !view.rejecting.sending && view.rejecting.reason.trim() !== '',
    };
  },
};
