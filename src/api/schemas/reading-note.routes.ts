import { bearerSecurity, empty, errorResponses, json, route } from '../route-contract';
import { readingNoteEditSchema, readingNoteInputSchema, readingNoteListSchema, readingNoteParamsSchema, readingNoteSchema, readingNotesQuerySchema } from './reading-note.schema';

// ADR 018, ADR 102: the reading-note endpoints, declared once for the server, the client and the document.
// Another learner's note answers 404, as one that does not exist.

const common = { tags: ['reading-note'], security: bearerSecurity } as const;
const auth = { ...errorResponses.unauthorized, ...errorResponses.forbiddenOr('two-factor is required and this session has not passed it') } as const;

export const getReadingNotesRoute = route({
  ...common,
  method: 'get',
  path: '/api/reading-notes',
  summary: 'The caller’s reading notes (of one item with item_id), by course, newest first',
  request: { query: readingNotesQuerySchema },
  responses: { 200: json('The notes', readingNoteListSchema), ...errorResponses.badRequest, ...auth },
});

export const postReadingNoteRoute = route({
  ...common,
  method: 'post',
  path: '/api/reading-notes',
  summary: 'Keep a note on a course item (and a PDF page), with the quoted passage if any',
  request: { body: readingNoteInputSchema },
  responses: { 201: json('The note', readingNoteSchema), ...errorResponses.badRequest, ...auth, ...errorResponses.notFound },
});

export const patchReadingNoteRoute = route({
  ...common,
  method: 'patch',
  path: '/api/reading-notes/:id',
  summary: 'Change the text and quote of one of the caller’s notes',
  request: { params: readingNoteParamsSchema, body: readingNoteEditSchema },
  responses: { 200: json('The note', readingNoteSchema), ...errorResponses.badRequest, ...auth, ...errorResponses.notFound },
});

export const deleteReadingNoteRoute = route({
  ...common,
  method: 'delete',
  path: '/api/reading-notes/:id',
  summary: 'Delete one of the caller’s notes',
  request: { params: readingNoteParamsSchema },
  responses: { 204: empty('Deleted'), ...errorResponses.badRequest, ...auth, ...errorResponses.notFound },
});
