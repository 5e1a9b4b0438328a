import { LoadingOverlay } from '../../ui/layout/loading-overlay';
import { lazyPart } from '../../ui/primitives/lazy-part';
import type { LessonAttachmentProps } from './lesson-attachment';

// ADR 072: the attachment's views (the viewer, the video, PDF, audio, image and document views and
// the like button) load when the lesson shows an attachment: a reading lesson never loads them.
const attachmentPart = lazyPart<LessonAttachmentProps>(() => import('./lesson-attachment').then((m) => m.LessonAttachment));

/** Loads the attachment's views ahead of their first use. */
export const preloadLessonAttachment = attachmentPart.preload;

/** `LessonAttachment` (./lesson-attachment.tsx), with the shared spinner while its code loads. */
export function LessonAttachmentPart(props: LessonAttachmentProps) {
  const Attachment = attachmentPart.useLoaded(true);
  return Attachment ? <Attachment {...props} /> : <LoadingOverlay />;
}
