import { useActorRef, useSelector } from '@xstate/react';
import { useParams } from 'react-router-dom';
import { getCpdClaimEvidence } from '../../api/cpd-claim.api';
import { UPLOAD_LIMIT_FILE_BYTES, UPLOAD_LIMIT_IMAGE_BYTES } from '../../config/constants';
import { selectCpdClaimView } from '../../machines/cpd-claim/cpd-claim.selectors';
import { CpdClaimView } from '../../ui/cpd-claim/cpd-claim-view';
import { cpdClaimRouteMachine } from './cpd-claim.actor';
import { CpdClaimNamespace } from './cpd-claim-namespace';

const LIMITS = { file: UPLOAD_LIMIT_FILE_BYTES, image: UPLOAD_LIMIT_IMAGE_BYTES };

/** The evidence needs the bearer: read it, then open it from memory in a new tab. */
async function openEvidence(id: string) {
  const url = URL.createObjectURL(await getCpdClaimEvidence(id));
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function CpdClaimPage({ claimId }: { claimId: string | null }) {
  const actor = useActorRef(cpdClaimRouteMachine, { input: { claimId } });
  const view = useSelector(actor, selectCpdClaimView);
  return (
    <CpdClaimView
      view={view}
      limits={LIMITS}
      onSubmit={(draft) => actor.send({ type: 'submit', draft })}
      onEdit={() => actor.send({ type: 'edit' })}
      onCorrect={() => actor.send({ type: 'correct' })}
      onRetry={() => actor.send({ type: 'retry' })}
      onOpenEvidence={() => view.claim && void openEvidence(view.claim.id)}
    />
  );
}

/** /cpd/claims/new and /cpd/claims/:id (issue 45): a new claim, or one claim with its decision. */
export default function CpdClaimRoute() {
  const { id } = useParams();
  const claimId = id && id !== 'new' ? id : null;
  return (
    <CpdClaimNamespace>
      <CpdClaimPage key={claimId ?? 'new'} claimId={claimId} />
    </CpdClaimNamespace>
  );
}
