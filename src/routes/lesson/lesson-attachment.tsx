import type { RefObject } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { fetchStoredBytes } from '../../api/attachments.api';
import { hlsRequestHeaders } from '../../api/attachments-stream';
import { sameLikeView, selectAttachmentLikeView } from '../../machines/attachment-like/attachment-like.selectors';
import { selectAttachmentViewerView } from '../../machines/attachment-viewer/attachment-viewer.selectors';
import type { lessonAttachmentMachine } from '../../machines/lesson/lesson-attachment.machine';
import { selectSeekingRefused } from '../../machines/lesson/lesson-attachment.selectors';
import { AttachmentViewer, type FinishStatus } from '../../ui/attachment-viewer/attachment-viewer';
import type { MediaCallbacks, MediaHandle } from '../../ui/attachment-viewer/use-media-events';

export type LessonAttachmentActor = ActorRefFrom<typeof lessonAttachmentMachine>;

export interface LessonAttachmentProps {
  /** The attachment machine (a child of the lesson, or the material viewer's own actor). */
  attachment: LessonAttachmentActor;
  /** The media element's handle, which the actor's media effects use. */
  media: RefObject<MediaHandle | null>;
  /** The lesson's finish under way or refused (SPEC §7); nothing is shown without it. */
  finish?: FinishStatus;
  /** The PDF page to open at (a note's link back, issue 47). */
  initialPdfPage?: number;
  /** The PDF page shown, for the notes panel beside it. */
  onPdfPage?: (page: number) => void;
}

/** One attachment (of a lesson or of the material library): selectors → the viewer's props; every
 * callback is an event to the attachment actor, which owns the completion rules (ADR 019). */
export function LessonAttachment({ attachment, media, finish, initialPdfPage, onPdfPage }: LessonAttachmentProps) {
  const viewerRef = useSelector(attachment, (s) => s.children.viewer);
  const likeRef = useSelector(attachment, (s) => s.children.like);
  const view = useSelector(viewerRef!, selectAttachmentViewerView);
  const likeView = useSelector(likeRef!, selectAttachmentLikeView, sameLikeView);
  const seekingRefused = useSelector(attachment, selectSeekingRefused);

  const kind = view.status === 'streaming' ? 'video' : view.content?.kind;
  const videoCallbacks: MediaCallbacks = {
    onLoaded: (duration) => attachment.send({ type: 'media.loaded', duration }),
    onTime: (position) => attachment.send({ type: 'media.time', position }),
    onSeeking: (position) => attachment.send({ type: 'media.seeking', position }),
    onPlay: () => attachment.send({ type: 'user.play' }),
    onPause: () => attachment.send({ type: 'user.pause' }),
    onEnded: () => attachment.send({ type: 'media.ended' }),
  };
  const audioCallbacks: MediaCallbacks = { onEnded: () => attachment.send({ type: 'audio.ended' }) };

  return (
    <AttachmentViewer
      view={view}
      onRetry={() => attachment.send({ type: 'viewer.retry' })}
      onOpenDocument={() => attachment.send({ type: 'document.open' })}
      loadDocument={fetchStoredBytes}
      media={kind === 'video' ? videoCallbacks : kind === 'audio' ? audioCallbacks : undefined}
      mediaRef={media}
      hlsHeaders={hlsRequestHeaders}
      onStreamError={(error) => attachment.send({ type: 'stream.failed', error })}
      seekingRefused={seekingRefused}
      finish={finish}
      like={likeView}
      onToggleLike={() => attachment.send({ type: 'like.toggle' })}
      initialPdfPage={initialPdfPage}
      onPdfPage={(page, pageCount) => {
        attachment.send({ type: 'pdf.page', page, pageCount });
        onPdfPage?.(page);
      }}
    />
  );
}
