import { bearerSecurity, errorResponses, json, route } from '../route-contract';
import { apiErrorSchema } from './error.schema';
import { examCertificateListSchema, examCertificateSchema, examCertificatesQuerySchema } from './exam-certificate.schema';
import { attemptIdParamSchema } from './quizzes.schema';

// ADR 018 / ADR 025: the certificate of a passed examination (SPEC §3), declared once for the server,
// the client and the document.

export const getExamCertificateRoute = route({
  tags: ['quizzes'],
  security: bearerSecurity,
  method: 'get',
  path: '/api/quiz_attempts/:id/certificate',
  summary: "The certificate of one of the caller's passed examination attempts",
  description:
    'A stable certificate number derived from the attempt, the learner’s name and agent code, the course and examination titles in the ' +
    'request’s language (English fallback), score, full marks, pass mark, completed date and the course’s CPD hours (null when none). ' +
    'Another learner’s attempt is as unknown as a missing one (404). Refused (409, translated, code CertificateUnavailable) for an attempt ' +
    'that is not finished, not passed, or of a quiz that is not an examination.',
  request: { params: attemptIdParamSchema },
  responses: {
    200: json('The certificate', examCertificateSchema),
    ...errorResponses.badRequest,
    ...errorResponses.unauthorized,
    ...errorResponses.forbiddenOr('two-factor is required and this session has not passed it'),
    ...errorResponses.notFound,
    409: json('No certificate: the attempt is not finished, not passed, or not an examination (code CertificateUnavailable)', apiErrorSchema),
  },
});

/** The profile page's list (SPEC §1: a profile with … certificates). */
export const listExamCertificatesRoute = route({
  tags: ['quizzes'],
  security: bearerSecurity,
  method: 'get',
  path: '/api/certificates',
  summary: "The caller's certificates: every passed, finished examination attempt, newest first, paged by the database",
  description: 'Titles in the request’s language (English fallback). An attempt left open past its deadline is finished first, like every other read.',
  request: { query: examCertificatesQuerySchema },
  responses: {
    200: json('A page of certificates', examCertificateListSchema),
    ...errorResponses.badRequest,
    ...errorResponses.unauthorized,
    ...errorResponses.forbiddenOr('two-factor is required and this session has not passed it'),
  },
});
