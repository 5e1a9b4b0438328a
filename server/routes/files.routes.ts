import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { fileDownloadRoute } from '../../src/api/schemas/attachments.routes';
import { deriveKey } from '../auth/jwt';
import { downloadHeaders, findVisibleAttachment, verifyDownloadToken } from '../domain/attachments';
import { defineRoute } from '../http/define-route';
import { HttpError } from '../http/errors';
import type { ApiApp, AppServices } from '../http/services';
import { PRIVATE_CACHE } from './attachments.routes';

/** The stored bytes behind a generate_download URL: no bearer (a new window or a media element opens it). */
export function registerFileRoutes(app: ApiApp, s: AppServices): void {
  const downloadKey = deriveKey(s.secret, 'attachment-download');

  defineRoute(app, fileDownloadRoute, async (c, { params }) => {
    const attachmentId = verifyDownloadToken(downloadKey, params.token, s.clock.now());
    if (attachmentId === null) throw new HttpError(404, 'server:download_link_invalid');
    const found = await findVisibleAttachment(s.db, attachmentId, new Date(s.clock.now()));
    if (!found) throw new HttpError(404, 'server:download_link_invalid');
    const { attachment } = found;
    // Streamed from disk: an attachment may be 200 MB.
    const full = resolveStored(s, attachment.storagePath);
    const size = full === null ? null : await stat(full).then((st) => (st.isFile() ? st.size : null), () => null);
    if (full === null || size === null) throw new HttpError(404, 'server:file_not_found');
    const body = Readable.toWeb(createReadStream(full)) as ReadableStream<Uint8Array>;
    return c.body(body, 200, { ...downloadHeaders(attachment), 'Content-Length': String(size), 'Cache-Control': PRIVATE_CACHE });
  });
}

function resolveStored(s: AppServices, relativePath: string): string | null {
  try {
    return s.files.resolve(relativePath);
  } catch {
    // A stored path that escapes the file store is a bad row: no file to give.
    return null;
  }
}
