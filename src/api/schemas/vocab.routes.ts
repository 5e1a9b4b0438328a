import { bearerSecurity, empty, errorResponses, fullAuthErrors, json, route, text } from '../route-contract';
import { vocabBookmarksSchema, vocabIdParamSchema, vocabLastUpdateSchema, vocabListSchema } from './vocab.schema';

// ADR 018: the vocabulary endpoints (SPEC §7), declared once for the server, the client and the document.
// While the vocab feature flag is off (SPEC §9) each answers 404, as a page that is not there.

const common = { tags: ['vocab'], security: bearerSecurity } as const;
export const listVocabRoute = route({
  ...common,
  method: 'get',
  path: '/api/vocabs',
  summary: 'The whole vocabulary glossary, in the order of its English words',
  responses: { 200: json('Every entry', vocabListSchema), ...fullAuthErrors, ...errorResponses.notFound },
});

export const vocabLastUpdateRoute = route({
  ...common,
  method: 'get',
  path: '/api/vocabs/last_update',
  summary: 'When the glossary last changed (an entry added, edited or removed): an ISO 8601 UTC time as plain text',
  responses: { 200: text('The time', vocabLastUpdateSchema), ...fullAuthErrors, ...errorResponses.notFound },
});

export const listVocabBookmarksRoute = route({
  ...common,
  method: 'get',
  path: '/api/vocabs/bookmarks',
  summary: 'The entries the caller has bookmarked',
  responses: { 200: json('Their ids', vocabBookmarksSchema), ...fullAuthErrors, ...errorResponses.notFound },
});

const bookmarkRoute = <const M extends 'put' | 'delete'>(method: M, summary: string, done: string) =>
  route({
    ...common,
    method,
    path: '/api/vocabs/bookmarks/:id',
    summary,
    request: { params: vocabIdParamSchema },
    responses: { 204: empty(done), ...errorResponses.badRequest, ...fullAuthErrors, ...errorResponses.notFound },
  });
export const bookmarkVocabRoute = bookmarkRoute('put', 'Bookmark the entry (a repeat changes nothing)', 'Bookmarked');
export const unbookmarkVocabRoute = bookmarkRoute('delete', 'Take back the caller’s bookmark of the entry (none: nothing changes)', 'Not bookmarked');
