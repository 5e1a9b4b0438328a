import type { SnapshotFrom } from 'xstate';
import type { CpdClaim } from '../../api/schemas/cpd-claim.schema';
import { failureView, type FailureView } from '../shared/submission-error';
import type { cpdClaimDecisionMachine } from './cpd-claim-decision.machine';

export type CpdClaimDecisionSnapshot = SnapshotFrom<typeof cpdClaimDecisionMachine>;

export interface CpdClaimDecisionRow {
  claim: CpdClaim;
  /** Approve and reject are offered exactly when the machine takes them for this claim. */
  canDecide: boolean;
  /** This row's decision is being sent. */
  busy: boolean;
}

export interface CpdClaimDecisionViewModel {
  status: 'loading' | 'ready' | 'failed';
  rows: CpdClaimDecisionRow[];
  failure: FailureView;
  canRetry: boolean;
  /** The reject dialog: whose claim, the reason as typed, whether it may be sent, and a failure to say. */
  rejecting: null | { id: string; name: string; title: string; reason: string; canConfirm: boolean; sending: boolean };
  /** The last decision that went through. */
  decided: { name: string; decision: 'approve' | 'reject' } | null;
  /** Decided already elsewhere (409): true while the page says so; the list was read again. */
  refused: boolean;
  /** The last decision failed: the server's words, or '' for the view's own text; null: none. */
  decisionError: string | null;
  busy: boolean;
}

export function selectCpdClaimDecisionView(snapshot: CpdClaimDecisionSnapshot): CpdClaimDecisionViewModel {
  const { claims, rejecting, deciding, decided, refusal, error, decisionError } = snapshot.context;
  const status = snapshot.matches('failed') ? 'failed' : snapshot.matches('loading') ? 'loading' : 'ready';
  const sending = snapshot.matches('deciding');
  const list = status === 'ready' ? (claims ?? []) : [];
  const open = rejecting !== null && (snapshot.matches({ ready: 'rejecting' }) || (sending && deciding?.decision.decision === 'reject'));
  const claimOf = (id: string) => list.find((c) => c.id === id);
  return {
    status,
    rows: list.map((claim) => ({
      claim,
      canDecide: snapshot.can({ type: 'approve', id: claim.id }),
      busy: sending && deciding?.id === claim.id,
    })),
    failure: failureView(status === 'failed', error),
    canRetry: snapshot.can({ type: 'retry' }),
    rejecting:
      open && rejecting
        ? { id: rejecting.id, name: claimOf(rejecting.id)?.claimant.name ?? '', title: claimOf(rejecting.id)?.title ?? '', reason: rejecting.reason, canConfirm: snapshot.can({ type: 'reject.confirm' }), sending }
        : null,
    decided,
    refused: refusal !== null,
    decisionError,
    busy: snapshot.hasTag('busy'),
  };
}
