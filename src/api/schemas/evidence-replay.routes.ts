import { bearerSecurity, errorResponses, json, route } from '../route-contract';
import { evidenceReplayParamsSchema, evidenceReplayQuerySchema, evidenceReplaySchema } from './evidence-replay.schema';

// ADR 018, ADR 097, issue 46: the auditor's replay of a learner's evidence, declared once for the server, the client and the document.

export const getEvidenceReplayRoute = route({
  tags: ['evidence-replay'],
  security: bearerSecurity,
  method: 'get',
  path: '/api/cpd/evidence-replay/:userId',
  summary: 'A learner’s recorded server-side transitions of a Hong Kong day (?day=YYYY-MM-DD) or a course (?course_id= | ?offline_course_id=), in order, each on its machine’s states (auditor only; every read is recorded)',
  request: { params: evidenceReplayParamsSchema, query: evidenceReplayQuerySchema },
  responses: {
    200: json('The steps, oldest first', evidenceReplaySchema),
    ...errorResponses.badRequest,
    ...errorResponses.unauthorized,
    ...errorResponses.forbiddenOr('the caller is not an auditor (code Forbidden), or two-factor is required'),
    ...errorResponses.notFound,
  },
});
