import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttachmentLikeView } from '../../machines/attachment-like/attachment-like.selectors';
import type { AttachmentViewerViewModel } from '../../machines/attachment-viewer/attachment-viewer.selectors';
import { LoadingOverlay } from '../layout/loading-overlay';
import { Button } from '../primitives/button';
import { AttachmentTypeIcon } from './attachment-type-icon';
import { AudioView } from './audio-view';
import { DocumentView } from './document-view';
import { ImageView } from './image-view';
import { AttachmentLikeButton } from './attachment-like-button';
import { PdfView } from './pdf-view';
import type { MediaCallbacks, MediaHandle } from './use-media-events';
import { VideoPlayerView } from './video-player-view';
import './attachment-viewer.css';

export interface AttachmentViewerProps {
  /** selectAttachmentViewerView of the attachment-viewer machine. */
  view: AttachmentViewerViewModel;
  onRetry: () => void;
  /** Office documents: sends document.open (with the time) inside the click. */
  onOpenDocument: () => void;
  /** Word and Excel previews: the file's bytes behind its signed URL (the route's fetch). */
  loadDocument?: (url: string) => Promise<ArrayBuffer>;
  /** Video and audio element events (the video-player machine and the timer listen). */
  media?: MediaCallbacks;
  /** Lets a machine action play, pause or seek the video/audio element. */
  mediaRef?: Ref<MediaHandle>;
  /** The API headers for hls.js (hlsRequestHeaders of src/api/attachments-stream.ts). */
  hlsHeaders?: () => Record<string, string>;
  /** hls.js gave up: send stream.failed. */
  onStreamError?: (error: Error) => void;
  seekingRefused?: boolean;
  /** The finish (SPEC §7) under way or refused; nothing is shown without it. */
  finish?: FinishStatus;
  /** PDF: the page shown and the page count. */
  onPdfPage?: (page: number, pageCount: number) => void;
  initialPdfPage?: number;
  /** selectAttachmentLikeView of the attachment-like machine; no button without it. */
  like?: AttachmentLikeView | null;
  onToggleLike?: () => void;
}

/** Why the server does not have the finish yet: the time could not be sent, or it refused. */
export type FinishProblem = { kind: 'time_not_sent' } | { kind: 'refused'; reason: string };

export interface FinishStatus {
  /** The viewing's time and the finish are being sent. */
  sending: boolean;
  problem: FinishProblem | null;
  onRetry: () => void;
}

/** Never only a console error: the learner sees that the item is not ticked yet, and why. */
function FinishNotice({ finish }: { finish: FinishStatus }) {
  const { t } = useTranslation();
  if (finish.problem) {
    const message = finish.problem.kind === 'time_not_sent' ? t('attachments:finish_time_not_sent') : t('attachments:finish_refused', { reason: finish.problem.reason });
    return (
      <div role="alert" className="attachment-viewer__error" data-testid="finish-failed">
        <p>{message}</p>
        <Button onClick={finish.onRetry} disabled={finish.sending}>
          {t('attachments:retry')}
        </Button>
      </div>
    );
  }
  return (
    <p role="status" className="attachment-viewer__notice" data-testid="finish-sending">
      {t('attachments:finish_sending')}
    </p>
  );
}

function Failure({ title, message, onRetry }: { title?: string; message: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="attachment-viewer__error" data-testid="attachment-error">
      {title ? <h2 className="attachment-viewer__error-title">{title}</h2> : null}
      <p>{message}</p>
      {onRetry ? <Button onClick={onRetry}>{t('attachments:retry')}</Button> : null}
    </div>
  );
}

/** The attachment of a lesson item or of the material library, in whatever state it is. */
export function AttachmentViewer(p: AttachmentViewerProps) {
  const { t } = useTranslation();
  const { view } = p;
  const name = view.detail?.name ?? '';

  const body = (() => {
    switch (view.status) {
      case 'loading':
        return <LoadingOverlay text={t('attachments:loading')} />;
      case 'downloading':
        return (
          <div className="attachment-viewer__progress">
            <LoadingOverlay text={view.progress === null ? t('attachments:downloading_unknown') : t('attachments:downloading', { progress: view.progress })} />
            <progress max={100} value={view.progress ?? undefined} aria-label={t('attachments:downloading_unknown')} />
          </div>
        );
      case 'decrypting':
        return <LoadingOverlay text={t('attachments:decrypting')} />;
      case 'tampered':
        return <Failure title={t('attachments:tampered_title')} message={t('attachments:tampered')} />;
      case 'failed':
        return <Failure message={view.failureMessage ?? t('attachments:failed')} onRetry={p.onRetry} />;
      case 'notFound':
        return <Failure message={t('attachments:not_found')} />;
      case 'streaming':
        return (
          <VideoPlayerView
            name={name}
            playlistUrl={view.playlistUrl}
            hlsHeaders={p.hlsHeaders}
            onStreamError={p.onStreamError}
            seekingRefused={p.seekingRefused}
            ref={p.mediaRef}
            {...p.media}
          />
        );
      case 'document':
        return view.detail ? (
          <DocumentView
            name={name}
            type={view.detail.type}
            status={view.documentStatus ?? 'preparing'}
            failureMessage={view.failureMessage}
            onOpen={p.onOpenDocument}
            onRetry={p.onRetry}
            previewUrl={view.documentUrl}
            loadPreview={p.loadDocument}
          />
        ) : null;
      case 'ready': {
        const content = view.content;
        if (!content) return null;
        if (content.kind === 'pdf') return <PdfView name={name} bytes={content.bytes} initialPage={p.initialPdfPage} onPage={p.onPdfPage} />;
        if (content.kind === 'video') return <VideoPlayerView name={name} src={content.url} seekingRefused={p.seekingRefused} ref={p.mediaRef} {...p.media} />;
        if (content.kind === 'audio') return <AudioView name={name} src={content.url} ref={p.mediaRef} {...p.media} />;
        if (content.kind === 'image') return <ImageView name={name} src={content.url} />;
        return null;
      }
    }
  })();

  return (
    <section className="attachment-viewer" data-status={view.status} aria-busy={view.status === 'loading' || view.status === 'downloading' || view.status === 'decrypting'}>
      {view.detail ? (
        <header className="attachment-viewer__header">
          <AttachmentTypeIcon type={view.detail.type} size={28} />
          <h2 className="attachment-viewer__title">{name}</h2>
          {p.like && p.onToggleLike ? <AttachmentLikeButton like={p.like} onToggle={p.onToggleLike} /> : null}
        </header>
      ) : null}
      <div className="attachment-viewer__body">{body}</div>
      {p.finish ? <FinishNotice finish={p.finish} /> : null}
    </section>
  );
}
