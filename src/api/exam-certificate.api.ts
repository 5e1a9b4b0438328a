import { callRoute } from './call-route';
import type { CallOptions } from './list-query';
import { getExamCertificateRoute } from './schemas/exam-certificate.routes';
import type { ExamCertificate } from './schemas/exam-certificate.schema';

// SPEC §3 certificate (ADR 025): the certificate of one of the caller's passed examination attempts.

export function getExamCertificate(attemptId: string, { signal }: CallOptions = {}): Promise<ExamCertificate> {
  return callRoute(getExamCertificateRoute, { params: { id: attemptId }, signal });
}
