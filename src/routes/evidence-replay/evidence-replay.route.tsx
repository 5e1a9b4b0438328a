import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { selectEvidenceReplayView } from '../../machines/evidence-replay/evidence-replay.selectors';
import { EvidenceReplayView } from '../../ui/evidence-replay/evidence-replay-view';
import { evidenceReplayRouteMachine, replayAskOf } from './evidence-replay.actor';
import { EvidenceReplayNamespace } from './evidence-replay-namespace';

function EvidenceReplayPage({ userId, search }: { userId: string; search: string }) {
  const ask = useMemo(() => replayAskOf(userId, new URLSearchParams(search)), [userId, search]);
  const actor = useActorRef(evidenceReplayRouteMachine, { input: { ask } });
  const view = useSelector(actor, selectEvidenceReplayView);
  return (
    <EvidenceReplayView
      view={view}
      ledgerHref={`/cpd/report/ledger/${encodeURIComponent(userId)}`}
      onRetry={() => actor.send({ type: 'retry' })}
      onPrevious={() => actor.send({ type: 'previous' })}
      onNext={() => actor.send({ type: 'next' })}
      onFirst={() => actor.send({ type: 'first' })}
      onLast={() => actor.send({ type: 'last' })}
    />
  );
}

/** /cpd/report/ledger/:userId/replay (issue 46, ADR 097): the auditor's replay of a learner's evidence of a day or a course. The server answers an auditor only, and records the read. */
export default function EvidenceReplayRoute() {
  const { userId = '' } = useParams();
  const [search] = useSearchParams();
  const key = `${userId}?${search.toString()}`;
  return (
    <EvidenceReplayNamespace>
      <EvidenceReplayPage key={key} userId={userId} search={search.toString()} />
    </EvidenceReplayNamespace>
  );
}
