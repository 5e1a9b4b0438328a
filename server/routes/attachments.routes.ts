import {
  attachmentStreamKeyRoute,
  attachmentStreamRoute,
  fileDownloadRoute,
  finishAttachmentRoute,
  generateDownloadRoute,
  getAttachmentRoute,
  likeAttachmentRoute,
  putAttachmentStatusRoute,
  unlikeAttachmentRoute,
} from '../../src/api/schemas/attachments.routes';
import { fillPath } from '../../src/api/route-contract';
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
import { defineRoute } from '../http/define-route';
import { HttpError } from '../http/errors';
import type { ApiApp, AppServices } from '../http/services';
import { claimClock, claimOf, claimRefusal, recordExistsResponse, viewingOfRecord } from './on-screen-time.routes';

/** The browser may keep stored bytes and stream files for a while, never in a shared cache. */
export const PRIVATE_CACHE = 'private, max-age=300';

/** SPEC §7 "Attachments": details, a signed download URL, likes, progress, finish and the HLS rendition. */
export function registerAttachmentRoutes(app: ApiApp, s: AppServices): void {
  const downloadKey = deriveKey(s.secret, 'attachment-download');
  const now = () => new Date(s.clock.now());
  const visible = async (id: string) => {
    const found = await findVisibleAttachment(s.db, Number(id), now());
    if (!found) throw new HttpError(404, 'server:attachment_not_found');
    return found;
  };

  defineRoute(app, getAttachmentRoute, s.requireFullAuth, async (c, { params }) => {
    const detail = await attachmentDetail(s.db, Number(params.id), { userId: c.get('session').userId, now: now() });
    if (!detail) throw new HttpError(404, 'server:attachment_not_found');
    return c.json(detail, 200);
  });

  defineRoute(app, generateDownloadRoute, s.requireFullAuth, async (c, { params }) => {
    const { attachment } = await visible(params.id);
    const expiresAt = s.clock.now() + DOWNLOAD_LIFETIME_MS;
    const token = signDownloadToken(downloadKey, attachment.id, expiresAt);
    return c.json({ url: fillPath(fileDownloadRoute.path, { token }), expires_at: new Date(expiresAt).toISOString() }, 200);
  });

  for (const [contract, liked] of [
    [likeAttachmentRoute, true],
    [unlikeAttachmentRoute, false],
  ] as const) {
    defineRoute(app, contract, s.requireFullAuth, async (c, { params }) => {
      const { attachment } = await visible(params.id);
      await likeAttachment(s.db, c.get('session').userId, attachment.id, liked);
      return c.body(null, 204);
    });
  }

  defineRoute(app, putAttachmentStatusRoute, s.requireFullAuth, async (c, { params, body }) => {
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
  });

  defineRoute(app, finishAttachmentRoute, s.requireFullAuth, async (c, { params }) => {
    const { attachment } = await visible(params.id);
    const outcome = await finishAttachment(s.db, c.get('session').userId, attachment, now());
    if (outcome === 'not_watched') throw new HttpError(400, 'server:video_not_watched');
    if (outcome === 'not_opened') throw new HttpError(400, 'server:attachment_not_opened');
    return c.body(null, 204);
  });

  defineRoute(app, attachmentStreamRoute, s.requireFullAuth, async (c, { params, query }) => {
    const { attachment } = await visible(params.id);
    if (!attachment.streamPath) throw new HttpError(404, 'server:stream_not_found');
    const file = await readStored(s, `${attachment.streamPath}/${query.uri}`);
    if (!file) throw new HttpError(404, 'server:stream_not_found');
    const type = query.uri.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t';
    return c.body(new Uint8Array(file), 200, { 'Content-Type': type, 'Cache-Control': PRIVATE_CACHE });
  });

  defineRoute(app, attachmentStreamKeyRoute, s.requireFullAuth, async (c, { params }) => {
    const { attachment } = await visible(params.id);
    if (!attachment.streamKey) throw new HttpError(404, 'server:stream_not_found');
    return c.body(new Uint8Array(Buffer.from(attachment.streamKey, 'base64')), 200, { 'Content-Type': 'application/octet-stream' });
  });
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
