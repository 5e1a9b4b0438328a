import { bearerSecurity, errorResponses, json, route } from '../route-contract';
import { viewingPayloadSchema, viewingSchema } from './viewings.schema';

// ADR 018 / ADR 012: the learner opens an item or attachment; its on-screen time is credited only inside this viewing.

export const beginViewingRoute = route({
  tags: ['on-screen time'],
  security: bearerSecurity,
  method: 'post',
  path: '/api/viewings',
  summary: 'Begin a viewing of a reading item or an attachment (server clock); on-screen records name it',
  description:
    'Answers the viewing and until when the learner’s identity counts as verified (null when continual authentication is off): ' +
    'time after that is credited only once an identity check is passed.',
  request: { body: viewingPayloadSchema },
  responses: {
    201: json('The viewing began', viewingSchema),
    ...errorResponses.badRequest,
    ...errorResponses.unauthorized,
    ...errorResponses.forbiddenOr('two-factor is required and this session has not passed it'),
    ...errorResponses.notFound,
  },
});
