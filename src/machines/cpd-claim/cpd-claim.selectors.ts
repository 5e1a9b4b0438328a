import type { SnapshotFrom } from 'xstate';
import type { CpdClaim } from '../../api/schemas/cpd-claim.schema';
import { failureView, type FailureView } from '../shared/submission-error';
import type { CpdClaimDraft, cpdClaimMachine } from './cpd-claim.machine';

export type CpdClaimSnapshot = SnapshotFrom<typeof cpdClaimMachine>;

export type CpdClaimStatus = 'loading' | 'failed' | 'shown' | 'editing' | 'submitting' | 'refused' | 'submitted';

/** The claim page's view model: what it shows and what it offers, nothing else. */
export interface CpdClaimView {
  status: CpdClaimStatus;
  /** The claim as the server answered it (null: a new claim not sent yet, or not loaded). */
  claim: CpdClaim | null;
  /** A correction of a rejected claim (its values fill the form; the file may be kept). */
  correcting: boolean;
  /** The form's values to show: the draft last sent (kept on a refusal), else the claim corrected. */
  draft: CpdClaimDraft | null;
  failure: FailureView;
  busy: boolean;
  /** The form is on screen (editing, sending, refused): its fields stay as typed. */
  formShown: boolean;
  /** A new claim must carry its evidence file. */
  fileRequired: boolean;
  canRetry: boolean;
  canCorrect: boolean;
  canSubmit: boolean;
  canEdit: boolean;
}

export function selectCpdClaimView(s: CpdClaimSnapshot): CpdClaimView {
  const status = (['loading', 'failed', 'shown', 'editing', 'submitting', 'refused', 'submitted'] as const).find((name) => s.matches(name)) ?? 'loading';
  const { claim, claimId, draft, error } = s.context;
  const formShown = status === 'editing' || status === 'submitting' || status === 'refused';
  return {
    status,
    claim,
    correcting: claimId !== null && formShown,
    draft,
    failure: failureView(status === 'failed' || status === 'refused', error),
    busy: s.hasTag('busy'),
    formShown,
    fileRequired: claimId === null,
    canRetry: status === 'failed',
    canCorrect: status === 'shown' && (claim?.may_resend ?? false),
    canSubmit: status === 'editing' || status === 'refused',
    canEdit: status === 'refused',
  };
}
