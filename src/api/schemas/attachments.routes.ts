import { z } from 'zod/mini';
import { bearerSecurity, empty, errorResponses, fullAuthErrors, json, raw, route } from '../route-contract';
import {
  attachmentDetailSchema,
  attachmentIdParamSchema,
  attachmentStatusPayloadSchema,
  attachmentStreamQuerySchema,
  fileTokenParamSchema,
  generateDownloadResponseSchema,
} from './attachments.schema';
import { creditedResponse, recordExistsDescription } from './on-screen-time.routes';

// ADR 018: attachments (SPEC §7): details, a signed download URL, likes, progress, finish, the HLS
// rendition and the signed file itself, declared once for the server, the client and the document.

const common = { tags: ['attachments'], security: bearerSecurity } as const;
const bytes = z.file();

export const getAttachmentRoute = route({
  ...common,
  method: 'get',
  path: '/api/attachments/:id',
  summary: 'An attachment: what it is, its AES key and integrity digest when encrypted, its HLS rendition, and the caller’s progress',
  request: { params: attachmentIdParamSchema },
  responses: { 200: json('The attachment', attachmentDetailSchema), ...errorResponses.badRequest, ...fullAuthErrors, ...errorResponses.notFound },
});

export const generateDownloadRoute = route({
  ...common,
  method: 'get',
  path: '/api/attachments/:id/generate_download',
  summary: 'A URL of the stored bytes (encrypted ones still encrypted) that opens without a bearer for 5 minutes',
  request: { params: attachmentIdParamSchema },
  responses: { 200: json('The signed URL', generateDownloadResponseSchema), ...errorResponses.badRequest, ...fullAuthErrors, ...errorResponses.notFound },
});

function likeRoute<const M extends 'put' | 'delete'>(method: M, liked: boolean) {
  return route({
    ...common,
    method,
    path: '/api/attachments/:id/like',
    summary: liked ? 'Like the attachment (a repeat changes nothing)' : 'Take back the caller’s like of the attachment',
    request: { params: attachmentIdParamSchema },
    responses: { 204: empty(liked ? 'Liked' : 'Not liked'), ...errorResponses.badRequest, ...fullAuthErrors, ...errorResponses.notFound },
  });
}

export const likeAttachmentRoute = likeRoute('put', true);
export const unlikeAttachmentRoute = likeRoute('delete', false);

export const putAttachmentStatusRoute = route({
  ...common,
  method: 'put',
  path: '/api/attachments/:id/status',
  summary: 'Record time spent on the attachment and pages read, once per key',
  description:
    'The duration counts into the on-screen total of the first published course showing the attachment; completed_pages keeps its maximum. ' +
    'Refused (400) when the duration is longer than the time since the key, the key is in the future, the viewing is not the caller’s of this attachment, or the course is completed. ' +
    'Only seconds inside the viewing, not credited before, and (with continual authentication) under a recent identity check are credited (ADR 012).',
  request: { params: attachmentIdParamSchema, body: attachmentStatusPayloadSchema },
  responses: {
    ...creditedResponse,
    ...errorResponses.badRequest,
    ...errorResponses.unauthorized,
    ...errorResponses.forbiddenOr(recordExistsDescription),
    ...errorResponses.notFound,
  },
});

export const finishAttachmentRoute = route({
  ...common,
  method: 'put',
  path: '/api/attachments/:id/finish',
  summary: 'Mark the attachment finished (null body); a video only once the credited time covers it to its end',
  description:
    'The attachment must have been opened (a viewing, ADR 012); a video (criteria true) needs credited time ≥ media_duration − 2 s, else 400. Finishing may complete the courses showing it.',
  request: { params: attachmentIdParamSchema },
  responses: { 204: empty('Finished'), ...errorResponses.badRequest, ...fullAuthErrors, ...errorResponses.notFound },
});

/** Raw: the playlist is read as text by the client (attachment.api.ts), segments are fetched by hls.js (routeUrl). */
export const attachmentStreamRoute = route({
  ...common,
  method: 'get',
  path: '/api/attachments/:id/stream',
  summary: 'A file of the HLS rendition: the playlist exactly as stored, or a segment',
  description: 'The client rewrites the playlist’s key URI to stream_key and makes segment paths absolute (SPEC §7).',
  request: { params: attachmentIdParamSchema, query: attachmentStreamQuerySchema },
  responses: {
    200: raw('The playlist or an AES-128 encrypted segment', { 'application/vnd.apple.mpegurl': { schema: z.string() }, 'video/mp2t': { schema: bytes } }),
    ...errorResponses.badRequest,
    ...fullAuthErrors,
    ...errorResponses.notFound,
  },
});

/** Raw: fetched by hls.js from the rewritten playlist (routeUrl). */
export const attachmentStreamKeyRoute = route({
  ...common,
  method: 'get',
  path: '/api/attachments/:id/stream_key',
  summary: 'The 16-byte AES-128 key of the HLS rendition',
  request: { params: attachmentIdParamSchema },
  responses: {
    200: raw('The key bytes', { 'application/octet-stream': { schema: bytes } }),
    ...errorResponses.badRequest,
    ...fullAuthErrors,
    ...errorResponses.notFound,
  },
});

/**
 * No bearer: a new window or a media element opens it. The server fills this path in the URL
 * generate_download answers; the client opens that URL as given (see route-coverage.test.ts).
 */
export const fileDownloadRoute = route({
  tags: ['attachments'],
  method: 'get',
  path: '/api/files/:token',
  summary: 'The stored bytes of an attachment, through a signed URL from generate_download (valid 5 minutes)',
  description:
    'Encrypted attachments answer application/octet-stream (still encrypted: the browser decrypts); plain documents their ' +
    'MIME type with Content-Disposition: attachment. An expired, altered or forged token answers 404.',
  request: { params: fileTokenParamSchema },
  responses: {
    200: raw('The stored bytes', { 'application/octet-stream': { schema: bytes } }),
    ...errorResponses.notFound,
  },
});
