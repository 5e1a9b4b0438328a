import { useEffect, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useParams } from 'react-router-dom';
import { OfflineTrainerView, type OfflineTrainerViewModel } from '../../ui/offline-trainer/offline-trainer-view';
import { qrSvg } from '../../platform/qr-svg';
import { OfflineNamespace } from '../offline-courses/offline-courses-namespace';
import { codeLink, offlineTrainerActor } from './offline-trainer.actor';

/** The QR code of a link as SVG text; null until drawn. */
function useQrSvg(link: string | null): string | null {
  const [drawn, setDrawn] = useState<{ link: string; svg: string } | null>(null);
  useEffect(() => {
    if (!link) return;
    let live = true;
    void qrSvg(link)
      .then((svg) => {
        if (live) setDrawn({ link, svg });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [link]);
  // A QR of the previous minute's link is not shown beside the new code.
  return drawn && drawn.link === link ? drawn.svg : null;
}

function TrainerCodes({ sessionId }: { sessionId: string }) {
  const actor = useActorRef(offlineTrainerActor, { input: { sessionId } });
  const snapshot = useSelector(actor, (s) => ({ value: s.value, codes: s.context.codes, problem: s.context.problem, busy: s.hasTag('busy') }));
  const origin = window.location.origin;
  const codes = snapshot.codes;
  const checkInLink = codes ? codeLink(origin, codes, 'check-in', codes.check_in_code) : null;
  const checkOutLink = codes ? codeLink(origin, codes, 'check-out', codes.check_out_code) : null;
  const checkInQr = useQrSvg(checkInLink);
  const checkOutQr = useQrSvg(checkOutLink);
  let view: OfflineTrainerViewModel;
  if (snapshot.value === 'failed') view = { status: 'failed', message: snapshot.problem?.message ?? null };
  else if (!codes || !checkInLink || !checkOutLink) view = { status: 'loading' };
  else view = { status: 'shown', codes, checkInLink, checkOutLink, checkInQr, checkOutQr, rotating: snapshot.busy, problem: snapshot.problem?.message ?? null };
  return <OfflineTrainerView view={view} onRetry={() => actor.send({ type: 'retry' })} onRotate={() => actor.send({ type: 'codes.rotate' })} />;
}

/** /offline/sessions/:sessionId/codes: the trainer's screen (the session's trainer only; the server refuses others). */
export default function OfflineTrainerRoute() {
  const { sessionId = '' } = useParams();
  return (
    <OfflineNamespace>
      <TrainerCodes key={sessionId} sessionId={sessionId} />
    </OfflineNamespace>
  );
}
