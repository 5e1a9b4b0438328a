import type { SnapshotFrom } from 'xstate';
import type { AttachmentDetail } from '../../api/schemas/attachments.schema';
import type { attachmentViewerMachine, ViewerContent } from './attachment-viewer.machine';

export type AttachmentViewerSnapshot = SnapshotFrom<typeof attachmentViewerMachine>;

export type AttachmentViewerStatus =
  | 'loading'
  | 'downloading'
  | 'decrypting'
  | 'ready'
  | 'streaming'
  | 'document'
  | 'tampered'
  | 'failed'
  | 'notFound';

/** preparing/refreshing: a signed URL is on its way; unavailable: it could not be had (retry). */
export type DocumentStatus = 'preparing' | 'available' | 'refreshing' | 'unavailable';

/** Props of src/ui/attachment-viewer's AttachmentViewer (`view`). */
export interface AttachmentViewerViewModel {
  status: AttachmentViewerStatus;
  detail: AttachmentDetail | null;
  /** 0–100 while downloading; null when the size is unknown. */
  progress: number | null;
  content: ViewerContent | null;
  playlistUrl: string | null;
  documentStatus: DocumentStatus | null;
  /** An office document's signed URL while one is held (its preview reads it, issue 43 §23). */
  documentUrl: string | null;
  /** A translated message to show with a failure, else the view's own generic text. */
  failureMessage: string | null;
}

function statusOf(s: AttachmentViewerSnapshot): AttachmentViewerStatus {
  if (s.matches('downloading')) return 'downloading';
  if (s.matches('decrypting')) return 'decrypting';
  if (s.matches('ready')) return 'ready';
  if (s.matches('streaming')) return 'streaming';
  if (s.matches('document')) return 'document';
  if (s.matches('tampered')) return 'tampered';
  if (s.matches('failed')) return 'failed';
  if (s.matches('notFound')) return 'notFound';
  return 'loading';
}

export function selectAttachmentViewerView(snapshot: AttachmentViewerSnapshot): AttachmentViewerViewModel {
  const { context } = snapshot;
  const status = statusOf(snapshot);
  const value = snapshot.value as unknown;
  const documentStatus =
    status === 'document' && typeof value === 'object' && value !== null ? ((value as { document: DocumentStatus }).document ?? null) : null;
  return {
    status,
    detail: context.detail,
    progress: status === 'downloading' ? context.progress : null,
    content: status === 'ready' ? context.content : null,
    playlistUrl: status === 'streaming' ? context.playlistUrl : null,
    documentStatus,
    documentUrl: status === 'document' ? (context.document?.url ?? null) : null,
    failureMessage: status === 'failed' || documentStatus === 'unavailable' ? (context.failure?.message ?? null) : null,
  };
}
