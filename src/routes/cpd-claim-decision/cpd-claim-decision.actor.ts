import { fromPromise } from 'xstate';
import { getTeamCpdClaims, postCpdClaimDecision } from '../../api/cpd-claim.api';
import { ApiRequestError } from '../../api/http';
import { CPD_CLAIM_ERROR_CODE, type CpdClaim } from '../../api/schemas/cpd-claim.schema';
import { cpdClaimDecisionMachine, type CpdDecideInput, type CpdDecideOutcome } from '../../machines/cpd-claim-decision/cpd-claim-decision.machine';
import { toSubmissionError, withSubmissionError as shown } from '../submission';

/** POST …/decision: a 409 (decided already, by another tab or request) is a refusal the page says, not a failure. */
export async function decideCpdClaim({ id, decision }: CpdDecideInput): Promise<CpdDecideOutcome> {
  try {
    await postCpdClaimDecision(id, decision);
    return { outcome: 'decided' };
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 409 && (error.body?.code === undefined || error.body.code === CPD_CLAIM_ERROR_CODE.cpdClaimDecided)) {
      return { outcome: 'refused', message: error.message };
    }
    throw toSubmissionError(error);
  }
}

/** The one place the claims-to-decide machine meets the API (DESIGN §2); `teamChanged` is the page's (it reads the team's figures again). */
export const cpdClaimDecisionRouteMachine = cpdClaimDecisionMachine.provide({
  actors: {
    loadClaims: fromPromise<CpdClaim[], void>(shown(async () => (await getTeamCpdClaims()).data)),
    decideClaim: fromPromise<CpdDecideOutcome, CpdDecideInput>(({ input }) => decideCpdClaim(input)),
  },
});
