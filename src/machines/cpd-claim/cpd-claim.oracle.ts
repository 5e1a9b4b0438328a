import { stateName, type Oracle, type OracleEvent, type OracleRow } from '../testing/model-coverage';
import type { CpdClaimDraft } from './cpd-claim.machine';
import { selectCpdClaimView, type CpdClaimSnapshot } from './cpd-claim.selectors';

// ADR 022: the claim page as issue 45 and ADR 086 describe it, written from them and not read off
// the machine: (state, event) → next state; an event missing from a row is refused. A new claim
// opens on the form; a claim by its id is read and shown; only one the server says may be sent again
// (rejected, the caller's) opens the form with "Correct and send again". A new claim is sent only with
// its evidence file; a correction may keep the file. A refusal keeps what was typed: sent again as it
// is, or edited. A claim sent is shown as the server answered it.

const withEvidence = (e: OracleEvent, s: CpdClaimSnapshot) => ((e.draft as CpdClaimDraft).file !== null || s.context.claimId !== null ? 'submitting' : null);

const table: Record<string, OracleRow<CpdClaimSnapshot>> = {
  editing: { submit: withEvidence },
  loading: { 'xstate.done.actor.loadClaim': 'shown', 'xstate.error.actor.loadClaim': 'failed' },
  failed: { retry: 'loading' },
  shown: { correct: (_, s) => (s.context.claim?.may_resend ? 'editing' : null) },
  submitting: { 'xstate.done.actor.sendClaim': 'submitted', 'xstate.error.actor.sendClaim': 'refused' },
  refused: { submit: withEvidence, edit: 'editing' },
  submitted: {},
};

export const cpdClaimOracle: Oracle<CpdClaimSnapshot> = {
  state: (s) => stateName(s.value),
  table,
  offers: (s) => {
    const view = selectCpdClaimView(s);
    return { retry: view.canRetry, correct: view.canCorrect, submit: view.canSubmit, edit: view.canEdit };
  },
};
