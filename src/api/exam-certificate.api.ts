import { callRoute } from './call-route';
import { listQuery, type CallOptions } from './list-query';
import { getExamCertificateRoute, listExamCertificatesRoute } from './schemas/exam-certificate.routes';
import type { ExamCertificate, ExamCertificateList, ExamCertificatesQuery } from './schemas/exam-certificate.schema';

// SPEC §3 certificate (ADR 025): the certificate of one of the caller's passed examination attempts.

export function getExamCertificate(attemptId: string, { signal }: CallOptions = {}): Promise<ExamCertificate> {
  return callRoute(getExamCertificateRoute, { params: { id: attemptId }, signal });
}

/** The caller's certificates, newest first (the profile page). */
export function listExamCertificates(query: Partial<ExamCertificatesQuery> = {}, { signal }: CallOptions = {}): Promise<ExamCertificateList> {
  return callRoute(listExamCertificatesRoute, { query: listQuery(query), signal });
}
