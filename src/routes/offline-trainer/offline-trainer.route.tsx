import { useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useParams } from 'react-router-dom';
import { OfflineTrainerView, type OfflineTrainerViewModel } from '../../ui/offline-trainer/offline-trainer-view';
import { OfflineNamespace } from '../offline-courses/offline-courses-namespace';
import { codeLink, trainerCodesLogic, type TrainerProblem } from './offline-trainer.actor';

function TrainerCodes({ sessionId, onRetry }: { sessionId: string; onRetry: () => void }) {
  const actor = useActorRef(trainerCodesLogic, { input: { sessionId } });
  const view = useSelector(actor, (s): OfflineTrainerViewModel => {
    if (s.status === 'done') {
      const codes = s.output!;
      const origin = window.location.origin;
      return { status: 'shown', codes, checkInLink: codeLink(origin, codes, 'check-in', codes.check_in_code), checkOutLink: codeLink(origin, codes, 'check-out', codes.check_out_code) };
    }
    if (s.status === 'error') return { status: 'failed', message: (s.error as TrainerProblem | undefined)?.message ?? null };
    return { status: 'loading' };
  });
  return <OfflineTrainerView view={view} onRetry={onRetry} />;
}

/** /offline/sessions/:sessionId/codes: the trainer's screen (trainers and managers; the server refuses others). */
export default function OfflineTrainerRoute() {
  const { sessionId = '' } = useParams();
  const [attempt, setAttempt] = useState(0);
  return (
    <OfflineNamespace>
      <TrainerCodes key={`${sessionId}:${attempt}`} sessionId={sessionId} onRetry={() => setAttempt((n) => n + 1)} />
    </OfflineNamespace>
  );
}
