import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { getCpdClaimEvidence } from '../../api/cpd-claim.api';
import { selectCpdClaimDecisionView } from '../../machines/cpd-claim-decision/cpd-claim-decision.selectors';
import { CpdClaimDecisionView } from '../../ui/cpd-claim-decision/cpd-claim-decision-view';
import { cpdClaimDecisionRouteMachine } from './cpd-claim-decision.actor';
import { CpdClaimDecisionNamespace } from './cpd-claim-decision-namespace';

/** The evidence needs the bearer: read it, then open it from memory in a new tab (as /cpd/claims/:id does). */
async function openEvidence(id: string): Promise<void> {
  const url = URL.createObjectURL(await getCpdClaimEvidence(id));
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function ClaimsToDecide({ onTeamChanged }: { onTeamChanged: () => void }) {
  // The page's own refresh of the team figures, given to the machine's named action.
  const machine = useMemo(() => cpdClaimDecisionRouteMachine.provide({ actions: { teamChanged: () => onTeamChanged() } }), [onTeamChanged]);
  const actor = useActorRef(machine);
  const view = useSelector(actor, selectCpdClaimDecisionView);
  const [evidenceFailed, setEvidenceFailed] = useState(false);
  return (
    <CpdClaimDecisionView
      view={view}
      evidenceFailed={evidenceFailed}
      onRetry={() => actor.send({ type: 'retry' })}
      onOpenEvidence={(id) => {
        setEvidenceFailed(false);
        openEvidence(id).catch(() => setEvidenceFailed(true));
      }}
      onApprove={(id) => actor.send({ type: 'approve', id })}
      onOpenReject={(id) => actor.send({ type: 'reject.open', id })}
      onReasonChange={(reason) => actor.send({ type: 'reason.change', reason })}
      onCancelReject={() => actor.send({ type: 'reject.cancel' })}
      onConfirmReject={() => actor.send({ type: 'reject.confirm' })}
    />
  );
}

/** /cpd/team's "Claims to decide" (issue 45): the team's pending claims (GET /api/cpd/team-claims) and the upline's decision; `onTeamChanged` refreshes the page's figures. */
export function CpdClaimDecisionSection({ onTeamChanged }: { onTeamChanged: () => void }) {
  return (
    <CpdClaimDecisionNamespace>
      <ClaimsToDecide onTeamChanged={onTeamChanged} />
    </CpdClaimDecisionNamespace>
  );
}
