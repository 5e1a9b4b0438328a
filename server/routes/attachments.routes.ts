import { z } from 'zod/mini';
import {
  attachmentDetailSchema,
  attachmentIdParamSchema,
  attachmentStatusPayloadSchema,
  attachmentStreamQuerySchema,
  generateDownloadResponseSchema,
} from '../../src/api/schemas/attachments.schema';
import { deriveKey } from '../auth/jwt';
import {
  attachmentDetail,
  DOWNLOAD_LIFETIME_MS,
  finishAttachment,
  findVisibleAttachment,
  likeAttachment,
  signDownloadToken,
} from '../domain/attachments';
import { recordAttachmentStatus } from '../domain/on-screen-time';
import { defineLegacyRoute as defineRoute } from '../http/legacy-define-route';
import { HttpError } from '../http/errors';
import { bearerSecurity, errorResponses } from '../http/openapi';
import type { ApiApp, AppServices } from '../http/services';
import { claimClock, claimOf, claimRefusal, creditedResponse, recordExistsResponse, recordExistsDescription, viewingOfRecord } from './on-screen-time.routes';

const json = <T>(description: string, schema: T) => ({ description, content: { 'application/json': { schema } } });
const bytes = z.file();

/** The browser may keep stored bytes and stream files for a while, never in a shared cache. */
export const PRIVATE_CACHE = 'private, max-age=300';

/** SPEC §7 "Attachments": details, a signed download URL, likes, progress, finish and the HLS rendition. */
export function registerAttachmentRoutes(app: ApiApp, s: AppServices): void {
  const common = { tags: ['attachments'], security: bearerSecurity, middleware: s.requireFullAuth };
  const fullAuthErrors = {
    ...errorResponses.unauthorized,
    ...errorResponses.forbiddenOr('two-factor is required and this session has not passed it'),
  };
  const downloadKey = deriveKey(s.secret, 'attachment-download');
  const now = () => new Date(s.clock.now());
  const visible = async (id: string) => {
    const found = await findVisibleAttachment(s.db, Number(id), now());
    if (!found) throw new HttpError(404, 'server:attachment_not_found');
    return found;
  };

  defineRoute(
    app,
    {
      ...common,
      method: 'get',
      path: '/api/attachments/{id}',
      summary: 'An attachment: what it is, its AES key and integrity digest when encrypted, its HLS rendition, and the caller’s progress',
      request: { params: attachmentIdParamSchema },
      responses: { 200: json('The attachment', attachmentDetailSchema), ...errorResponses.badRequest, ...fullAuthErrors, ...errorResponses.notFound },
    },
    async (c, { params }) => {
      const detail = await attachmentDetail(s.db, Number(params.id), { userId: c.get('session').userId, now: now() });
      if (!detail) throw new HttpError(404, 'server:attachment_not_found');
      return c.json(detail, 200);
    },
  );

  defineRoute(
    app,
    {
      ...common,
      method: 'get',
      path: '/api/attachments/{id}/generate_download',
      summary: 'A URL of the stored bytes (encrypted ones still encrypted) that opens without a bearer for 5 minutes',
      request: { params: attachmentIdParamSchema },
      responses: { 200: json('The signed URL', generateDownloadResponseSchema), ...errorResponses.badRequest, ...fullAuthErrors, ...errorResponses.notFound },
    },
    async (c, { params }) => {
      const { attachment } = await visible(params.id);
      const expiresAt = s.clock.now() + DOWNLOAD_LIFETIME_MS;
      const token = signDownloadToken(downloadKey, attachment.id, expiresAt);
      return c.json({ url: `/api/files/${token}`, expires_at: new Date(expiresAt).toISOString() }, 200);
    },
  );

  for (const [method, liked] of [
    ['put', true],
    ['delete', false],
  ] as const) {
    defineRoute(
      app,
      {
        ...common,
        method,
        path: '/api/attachments/{id}/like',
        summary: liked ? 'Like the attachment (a repeat changes nothing)' : 'Take back the caller’s like of the attachment',
        request: { params: attachmentIdParamSchema },
        responses: { 204: { description: liked ? 'Liked' : 'Not liked' }, ...errorResponses.badRequest, ...fullAuthErrors, ...errorResponses.notFound },
      },
      async (c, { params }) => {
        const { attachment } = await visible(params.id);
        await likeAttachment(s.db, c.get('session').userId, attachment.id, liked);
        return c.body(null, 204);
      },
    );
  }

  defineRoute(
    app,
    {
      ...common,
      method: 'put',
      path: '/api/attachments/{id}/status',
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
    },
    async (c, { params, body }) => {
      const { attachment, courseId } = await visible(params.id);
      claimRefusal(claimClock(c, s.clock.now()), body.key, body.duration);
      const userId = c.get('session').userId;
      const viewing = await viewingOfRecord(s, userId, body.viewing_id, { attachmentId: attachment.id });
      const result = await recordAttachmentStatus(s.db, {
        userId,
        attachment,
        courseId,
        completedPages: body.completed_pages,
        key: body.key,
        claim: claimOf(c, s, viewing, body.duration),
      });
      if (result.outcome === 'exists') return recordExistsResponse(c);
      if (result.outcome === 'completed') throw new HttpError(400, 'server:course_already_completed');
      return c.json(result.credit, 200);
    },
  );

  defineRoute(
    app,
    {
      ...common,
      method: 'put',
      path: '/api/attachments/{id}/finish',
      summary: 'Mark the attachment finished (null body); a video only once the credited time covers it to its end',
      description: 'The attachment must have been opened (a viewing, ADR 012); a video (criteria true) needs credited time ≥ media_duration − 2 s, else 400. Finishing may complete the courses showing it.',
      request: { params: attachmentIdParamSchema },
      responses: { 204: { description: 'Finished' }, ...errorResponses.badRequest, ...fullAuthErrors, ...errorResponses.notFound },
    },
    async (c, { params }) => {
      const { attachment } = await visible(params.id);
      const outcome = await finishAttachment(s.db, c.get('session').userId, attachment, now());
      if (outcome === 'not_watched') throw new HttpError(400, 'server:video_not_watched');
      if (outcome === 'not_opened') throw new HttpError(400, 'server:attachment_not_opened');
      return c.body(null, 204);
    },
  );

  defineRoute(
    app,
    {
      ...common,
      method: 'get',
      path: '/api/attachments/{id}/stream',
      summary: 'A file of the HLS rendition: the playlist exactly as stored, or a segment',
      description: 'The client rewrites the playlist’s key URI to stream_key and makes segment paths absolute (SPEC §7).',
      request: { params: attachmentIdParamSchema, query: attachmentStreamQuerySchema },
      responses: {
        200: {
          description: 'The playlist or an AES-128 encrypted segment',
          content: { 'application/vnd.apple.mpegurl': { schema: z.string() }, 'video/mp2t': { schema: bytes } },
        },
        ...errorResponses.badRequest,
        ...fullAuthErrors,
        ...errorResponses.notFound,
      },
    },
    async (c, { params, query }) => {
      const { attachment } = await visible(params.id);
      if (!attachment.streamPath) throw new HttpError(404, 'server:stream_not_found');
      const file = await readStored(s, `${attachment.streamPath}/${query.uri}`);
      if (!file) throw new HttpError(404, 'server:stream_not_found');
      const type = query.uri.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t';
      return c.body(new Uint8Array(file), 200, { 'Content-Type': type, 'Cache-Control': PRIVATE_CACHE });
    },
  );

  defineRoute(
    app,
    {
      ...common,
      method: 'get',
      path: '/api/attachments/{id}/stream_key',
      summary: 'The 16-byte AES-128 key of the HLS rendition',
      request: { params: attachmentIdParamSchema },
      responses: {
        200: { description: 'The key bytes', content: { 'application/octet-stream': { schema: bytes } } },
        ...errorResponses.badRequest,
        ...fullAuthErrors,
        ...errorResponses.notFound,
      },
    },
    async (c, { params }) => {
      const { attachment } = await visible(params.id);
      if (!attachment.streamKey) throw new HttpError(404, 'server:stream_not_found');
      return c.body(new Uint8Array(Buffer.from(attachment.streamKey, 'base64')), 200, { 'Content-Type': 'application/octet-stream' });
    },
  );
}

/** A stored file's bytes; null when it is missing (a database row without its file is a 404, not a 500). */
async function readStored(s: AppServices, relativePath: string): Promise<Buffer | null> {
  try {
    return await s.files.read(relativePath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
    throw error;
  }
}
