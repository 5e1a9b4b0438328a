import { bearerSecurity, errorResponses, json, route } from '../route-contract';
import { learningHistoryQuerySchema, learningHistorySchema } from './learning-history.schema';

// ADR 018, ADR 060: the learner's own learning history summary (the profile page).

export const getLearningHistoryRoute = route({
  tags: ['learning-history'],
  security: bearerSecurity,
  method: 'get',
  path: '/api/learning_history/all',
  summary: 'The caller’s courses completed (by kind), in progress, hours on screen and CPD hours in a period (default: this IA year)',
  request: { query: learningHistoryQuerySchema },
  responses: {
    200: json('The summary', learningHistorySchema),
    ...errorResponses.badRequest,
    ...errorResponses.unauthorized,
    ...errorResponses.forbiddenOr('two-factor is required and this session has not passed it'),
  },
});
