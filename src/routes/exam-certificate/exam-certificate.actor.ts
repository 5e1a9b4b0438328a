import { fromPromise } from 'xstate';
import { getExamCertificate } from '../../api/exam-certificate.api';
import { ApiRequestError } from '../../api/http';
import type { ExamCertificate } from '../../api/schemas/exam-certificate.schema';
import { CertificateFailure, examCertificateMachine } from '../../machines/exam-certificate/exam-certificate.machine';

/** The API's failure as the page tells it: 404 is a page that does not exist, 409 the server's reason. */
export function certificateFailureOf(error: unknown): CertificateFailure {
  if (error instanceof ApiRequestError && error.status === 404) return new CertificateFailure('not_found', null);
  if (error instanceof ApiRequestError && error.status === 409) return new CertificateFailure('refused', error.message);
  if (error instanceof ApiRequestError) return new CertificateFailure('failed', error.message);
  console.error(error);
  return new CertificateFailure('failed', null);
}

export const examCertificateRouteMachine = examCertificateMachine.provide({
  actors: {
    loadCertificate: fromPromise<ExamCertificate, string>(async ({ input, signal }) => {
      try {
        return await getExamCertificate(input, { signal });
      } catch (error) {
        throw certificateFailureOf(error);
      }
    }),
  },
});
