import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { fetchStoredBytes, generateDownload, getAttachment, getStreamPlaylist } from '../../api/attachments.api';
import { decryptAttachment } from '../../platform/attachment-crypto';
import { rewritePlaylist, streamUrls } from '../../api/attachments-stream';
import type { AttachmentDetail } from '../../api/schemas/attachments.schema';
import { attachmentViewerMachine, type SignedUrl, type ViewerContent } from '../../machines/attachment-viewer/attachment-viewer.machine';

// The ONE place that wires the attachment-viewer machine to real I/O (DESIGN §2): the attachment
// calls, the signed download, the decrypt worker, the playlist rewrite and the document download.

async function signedUrl(attachmentId: string): Promise<SignedUrl> {
  const { url, expires_at } = await generateDownload(attachmentId);
  return { url, expiresAt: Date.parse(expires_at) };
}

/**
 * Saves the file behind a same-origin signed URL. The server answers office documents with
 * Content-Disposition: attachment (a browser cannot show them), so SPEC §7's "new window" only
 * flashed a tab that closed at once: a download link says what really happens (issue 11 §5).
 */
export function saveFromUrl(url: string, doc: Document = document): void {
  const link = doc.createElement('a');
  link.href = url;
  // Empty: the server's file name (Content-Disposition) is kept.
  link.download = '';
  link.rel = 'noopener';
  link.hidden = true;
  doc.body.append(link);
  link.click();
  link.remove();
}

export interface AttachmentViewerWiring {
  /** saveFromUrl by default. */
  save?: (url: string) => void;
}

let withDefaultSave: ReturnType<typeof provideAttachmentViewer> | undefined;

/** The viewer's machine with its I/O. With the default save (every lesson) it is built once and
 * shared (ADR 066): a provided machine is an immutable definition that any number of actors run. */
export function attachmentViewerLogic({ save }: AttachmentViewerWiring = {}) {
  if (save) return provideAttachmentViewer(save);
  return (withDefaultSave ??= provideAttachmentViewer(saveFromUrl));
}

function provideAttachmentViewer(save: (url: string) => void) {
  return attachmentViewerMachine.provide({
    actors: {
      loadAttachment: fromPromise<AttachmentDetail, { attachmentId: string }>(({ input }) => getAttachment(input.attachmentId)),
      downloadAttachment: fromCallback<EventObject, { attachmentId: string }>(({ input, sendBack }) => {
        const abort = new AbortController();
        (async () => {
          const { url } = await signedUrl(input.attachmentId);
          const bytes = await fetchStoredBytes(url, {
            signal: abort.signal,
            onProgress: ({ loaded, total }) => sendBack({ type: 'download.progress', loaded, total }),
          });
          sendBack({ type: 'download.done', bytes });
        })().catch((error: unknown) => {
          if (!abort.signal.aborted) sendBack({ type: 'download.failed', error });
        });
        return () => abort.abort();
      }),
      decryptAttachment: fromPromise<ViewerContent, { bytes: ArrayBuffer; detail: AttachmentDetail }>(({ input }) =>
        decryptAttachment({ bytes: input.bytes, key: input.detail.key, integrity: input.detail.integrity, type: input.detail.type }),
      ),
      loadPlaylist: fromPromise<string, { attachmentId: string; playlist: string }>(async ({ input }) => {
        const text = await getStreamPlaylist(input.attachmentId, input.playlist);
        const rewritten = rewritePlaylist(text, streamUrls(input.attachmentId));
        return URL.createObjectURL(new Blob([rewritten], { type: 'application/vnd.apple.mpegurl' }));
      }),
      prepareDocument: fromPromise<SignedUrl, { attachmentId: string }>(({ input }) => signedUrl(input.attachmentId)),
    },
    actions: {
      downloadDocument: (_, params: { url: string }) => save(params.url),
    },
  });
}
