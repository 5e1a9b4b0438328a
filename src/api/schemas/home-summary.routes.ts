import { bearerSecurity, errorResponses, json, route } from '../route-contract';
import { homeSummarySchema } from './home-summary.schema';

// ADR 018: the home-summary endpoint, declared once for the server, the client and the document.

export const getHomeSummaryRoute = route({
  tags: ['home-summary'],
  security: bearerSecurity,
  method: 'get',
  path: '/api/home-summary',
  summary: "The signed-in learner's home page: the item to continue and what is due in the next 14 days",
  responses: { 200: json('Where to continue and what is due soon', homeSummarySchema), ...errorResponses.unauthorized },
});
