import { bearerSecurity, errorResponses, json, route } from '../route-contract';
import { newJoinerWelcomeListSchema } from './new-joiner-welcome.schema';

// ADR 018: the new-joiner-welcome endpoints, declared once for the server, the client and the document.

export const getNewJoinerWelcomeRoute = route({
  tags: ['new-joiner-welcome'],
  security: bearerSecurity,
  method: 'get',
  path: '/api/new-joiner-welcome',
  summary: 'The new-joiner-welcome items of the signed-in user',
  responses: { 200: json('The items', newJoinerWelcomeListSchema), ...errorResponses.unauthorized },
});
