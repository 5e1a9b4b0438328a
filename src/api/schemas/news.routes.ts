import { bearerSecurity, errorResponses, fullAuthErrors, json, route } from '../route-contract';
import { newsListResponseSchema, newsQuerySchema } from './news.schema';

// ADR 018: news and highlights, declared once for the server, the client and the document.

/** News and highlights (/courses/news). */
export const listNewsRoute = route({
  tags: ['news'],
  security: bearerSecurity,
  method: 'get',
  path: '/api/news',
  summary: 'Published news and highlights (`kind` picks one), newest first, texts in the request’s language',
  request: { query: newsQuerySchema },
  responses: { 200: json('A page of entries', newsListResponseSchema), ...errorResponses.badRequest, ...fullAuthErrors },
});
