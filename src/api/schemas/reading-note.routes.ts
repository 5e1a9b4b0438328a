import { bearerSecurity, errorResponses, json, route } from '../route-contract';
import { readingNoteListSchema } from './reading-note.schema';

// ADR 018: the reading-note endpoints, declared once for the server, the client and the document.

export const getReadingNoteRoute = route({
  tags: ['reading-note'],
  security: bearerSecurity,
  method: 'get',
  path: '/api/reading-note',
  summary: 'The reading-note items of the signed-in user',
  responses: { 200: json('The items', readingNoteListSchema), ...errorResponses.unauthorized },
});
