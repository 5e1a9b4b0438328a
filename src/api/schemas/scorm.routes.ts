import { bearerSecurity, errorResponses, fullAuthErrors, json, route } from '../route-contract';
import { apiErrorSchema } from './error.schema';
import { scormCommitPayloadSchema, scormCommitResultSchema, scormItemParamSchema, scormRuntimeSchema } from './scorm.schema';

// ADR 018 / ADR 029: a SCORM course item's runtime data, declared once for the server, the client and the document.

const common = { tags: ['scorm'], security: bearerSecurity } as const;
export const getScormRuntimeRoute = route({
  ...common,
  method: 'get',
  path: '/api/scorm/:id/runtime',
  summary: "Start a launch of the SCORM item: the caller's stored data to resume from, and the launch number its commits carry",
  description: 'Each call starts a new launch (its number is one higher); commits of older launches never overwrite a newer one. Another learner’s data is never answered.',
  request: { params: scormItemParamSchema },
  responses: { 200: json('The runtime data', scormRuntimeSchema), ...errorResponses.badRequest, ...fullAuthErrors, ...errorResponses.notFound },
});

export const commitScormRuntimeRoute = route({
  ...common,
  method: 'put',
  path: '/api/scorm/:id/runtime',
  summary: 'Store one commit (a whole snapshot of the data model) when its (launch, seq) is the highest yet',
  description:
    'A stale or repeated (launch, seq) changes nothing and answers the stored pair with stored: false, so a resend is safe. ' +
    'A launch the server never started is refused with 409. Also sent with fetch keepalive when a window closes.',
  request: { params: scormItemParamSchema, body: scormCommitPayloadSchema },
  responses: {
    200: json('The pair the server holds', scormCommitResultSchema),
    ...errorResponses.badRequest,
    ...fullAuthErrors,
    ...errorResponses.notFound,
    409: json('A launch the server never started (translated)', apiErrorSchema),
  },
});
