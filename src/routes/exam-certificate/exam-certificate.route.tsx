import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { courseIdParamSchema } from '../../api/schemas/courses.schema';
import { attemptIdParamSchema, quizIdParamSchema } from '../../api/schemas/quizzes.schema';
import type { ExamCertificateViewModel } from '../../ui/exam-certificate/exam-certificate-view';
import { ExamCertificateView } from '../../ui/exam-certificate/exam-certificate-view';
import { CoursesNamespace } from '../courses/courses-namespace';
import { examCertificateRouteMachine } from './exam-certificate.actor';

type Snapshot = ReturnType<ReturnType<typeof useActorRef<typeof examCertificateRouteMachine>>['getSnapshot']>;

function viewOf(s: Snapshot): ExamCertificateViewModel | 'not_found' {
  if (s.matches('shown') && s.context.certificate) return { status: 'shown', certificate: s.context.certificate };
  if (s.matches('notFound')) return 'not_found';
  if (s.matches('refused')) return { status: 'refused', message: s.context.failure?.message ?? null };
  if (s.matches('failed')) return { status: 'failed', message: s.context.failure?.message ?? null };
  return { status: 'loading' };
}

function CertificatePage({ courseId, quizId, attemptId }: { courseId: string; quizId: string; attemptId: string }) {
  const actor = useActorRef(examCertificateRouteMachine, { input: { attemptId } });
  const view = useSelector(actor, viewOf, (a, b) => a === b || (typeof a === 'object' && typeof b === 'object' && a.status === b.status && JSON.stringify(a) === JSON.stringify(b)));
  // Another learner's attempt, or one that does not exist: the page does not exist (SPEC §8).
  if (view === 'not_found') return <Navigate to="/not-found" replace />;
  return <ExamCertificateView view={view} backTo={`/course/${courseId}/quiz/${quizId}`} onPrint={() => window.print()} onRetry={() => actor.send({ type: 'retry' })} />;
}

/** /course/:courseId/quiz/:quizId/attempts/:attemptId/certificate — the printable certificate of a passed examination (SPEC §3). */
export default function ExamCertificateRoute() {
  const { courseId = '', quizId = '', attemptId = '' } = useParams();
  const { i18n } = useTranslation();
  const valid =
    courseIdParamSchema.safeParse({ id: courseId }).success && quizIdParamSchema.safeParse({ id: quizId }).success && attemptIdParamSchema.safeParse({ id: attemptId }).success;
  if (!valid) return <Navigate to="/not-found" replace />;
  return (
    <CoursesNamespace>
      {/* A new attempt or language is a new page: the titles come in the language of the request. */}
      <CertificatePage key={`${attemptId}:${i18n.language}`} courseId={courseId} quizId={quizId} attemptId={attemptId} />
    </CoursesNamespace>
  );
}
