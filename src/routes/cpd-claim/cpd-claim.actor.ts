import { fromPromise } from 'xstate';
import { getCpdClaim, postCpdClaim, putCpdClaim } from '../../api/cpd-claim.api';
import type { CpdClaim } from '../../api/schemas/cpd-claim.schema';
import { cpdClaimMachine, type CpdClaimDraft } from '../../machines/cpd-claim/cpd-claim.machine';
import { withSubmissionError as shown } from '../submission';

/** The one place the claim machine meets the API (DESIGN §2): a new claim is posted, a correction put. */
export const cpdClaimRouteMachine = cpdClaimMachine.provide({
  actors: {
    loadClaim: fromPromise<CpdClaim, { claimId: string }>(shown(({ claimId }: { claimId: string }) => getCpdClaim(claimId))),
    sendClaim: fromPromise<CpdClaim, { claimId: string | null; draft: CpdClaimDraft }>(
      shown(({ claimId, draft }: { claimId: string | null; draft: CpdClaimDraft }) => (claimId === null ? postCpdClaim(draft.fields, draft.file!) : putCpdClaim(claimId, draft.fields, draft.file))),
    ),
  },
});
