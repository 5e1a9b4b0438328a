import { useEffect, useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { CheckRequest } from '../../machines/offline-enrolment/offline-enrolment.machine';
import { selectOfflineEnrolmentView } from '../../machines/offline-enrolment/offline-enrolment.selectors';
import { OfflineEnrolmentView } from '../../ui/offline-enrolment/offline-enrolment-view';
import { OfflineNamespace } from '../offline-courses/offline-courses-namespace';
import { offlineEnrolmentLogic } from './offline-enrolment.actor';

/** /offline/:courseId/check-in/:sessionId/:code (the classroom's link): the code to use once the course is read. */
export function linkCheckOf(params: Record<string, string | undefined>): CheckRequest | undefined {
  const { which, sessionId, code } = params;
  if (!sessionId || !code || !/^\d{1,18}$/.test(sessionId) || (which !== 'check-in' && which !== 'check-out')) return undefined;
  return { sessionId, which: which === 'check-in' ? 'in' : 'out', code };
}

function OfflineEnrolmentPage({ courseId, autoCheck }: { courseId: string; autoCheck?: CheckRequest }) {
  const navigate = useNavigate();
  const logic = useMemo(() => offlineEnrolmentLogic(), []);
  const actor = useActorRef(logic, { input: { courseId, ...(autoCheck ? { autoCheck } : {}) } });
  const view = useSelector(actor, selectOfflineEnrolmentView);
  // The link's code is used once: the address becomes the course's own (a reload does not check in again).
  useEffect(() => {
    if (autoCheck) navigate(`/offline/${courseId}`, { replace: true });
  }, [autoCheck, courseId, navigate]);
  return (
    <OfflineEnrolmentView
      view={view}
      onRetry={() => actor.send({ type: 'retry' })}
      onRefresh={() => actor.send({ type: 'refresh' })}
      onEnrol={() => actor.send({ type: 'enrol' })}
      onBack={() => actor.send({ type: 'back' })}
      onToggleTerms={() => actor.send({ type: 'terms.toggle' })}
      onSubmit={() => actor.send({ type: 'submit' })}
      onCancel={() => actor.send({ type: 'cancel' })}
      onConfirmCancel={() => actor.send({ type: 'cancel.confirm' })}
      onDismissCancel={() => actor.send({ type: 'cancel.dismiss' })}
      onCheck={(sessionId, which, code) => actor.send({ type: 'check', sessionId, which, code })}
    />
  );
}

/** /offline/:courseId: a classroom course with every SPEC §3 field, the enrolment, the sessions' check-in and check-out. */
export default function OfflineEnrolmentRoute() {
  const params = useParams();
  const { i18n } = useTranslation();
  const courseId = params.courseId ?? '';
  // Read once: the page keeps its machine when the address drops the link's code.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the link's code is taken once, on arrival
  const autoCheck = useMemo(() => linkCheckOf(params), [courseId]);
  return (
    <OfflineNamespace>
      <OfflineEnrolmentPage key={`${courseId}:${i18n.language}`} courseId={courseId} autoCheck={autoCheck} />
    </OfflineNamespace>
  );
}
