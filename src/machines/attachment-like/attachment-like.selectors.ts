import type { SnapshotFrom } from 'xstate';
import type { attachmentLikeMachine } from './attachment-like.machine';

export type AttachmentLikeSnapshot = SnapshotFrom<typeof attachmentLikeMachine>;

/** Props of the attachment viewer's like button; null until the details are known. */
export interface AttachmentLikeView {
  liked: boolean;
  likes: number;
  saving: boolean;
  failed: boolean;
}

export function selectAttachmentLikeView(snapshot: AttachmentLikeSnapshot): AttachmentLikeView | null {
  if (snapshot.matches('unknown')) return null;
  const { liked, likes, failed } = snapshot.context;
  return { liked, likes, saving: snapshot.matches('saving'), failed };
}

export const sameLikeView = (a: AttachmentLikeView | null, b: AttachmentLikeView | null): boolean =>
  a === b || (a !== null && b !== null && a.liked === b.liked && a.likes === b.likes && a.saving === b.saving && a.failed === b.failed);
