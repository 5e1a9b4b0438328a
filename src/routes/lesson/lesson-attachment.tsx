import { useEffect, useMemo, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { ApiRequestError } from '../../api/api-error';
import { finishAttachment } from '../../api/attachment.api';
import { releaseDecrypted } from '../../api/attachment-crypto';
import { hlsRequestHeaders } from '../../api/attachment-stream';
import { setKeepOnScreen } from '../../api/token-storage';
import { ATTACHMENT_CRITERIA, ATTACHMENT_SKIP } from '../../config/constants';
import { sameLikeView, selectAttachmentLikeView } from '../../machines/attachment-like/attachment-like.selectors';
import { selectAttachmentViewerView } from '../../machines/attachment-viewer/attachment-viewer.selectors';
import { AttachmentViewer, type FinishProblem } from '../../ui/attachment-viewer/attachment-viewer';
import type { MediaCallbacks, MediaHandle } from '../../ui/attachment-viewer/use-media-events';
import { registerLearningControls } from '../continual-auth/learning-controls';
import { attachmentLikeLogic } from './attachment-like.actor';
import { attachmentViewerLogic } from './attachment-viewer.actor';
import { TimeNotSentError } from './on-screen-timer.actor';
import { videoPlayerLogic, videoProgress } from './video-player.actor';

export interface LessonAttachmentProps {
  attachmentId: string;
  /** PDF: a page was shown (the timer records completedPage). */
  onPage?: (page: number) => void;
  /** The attachment was finished on the server (SPEC §7 finish). */
  onFinished?: () => void;
  /** Whether to finish at all (a material opened outside a course has nothing to complete). */
  finishes?: boolean;
  /** Called with the attachment's name once its details are loaded (a page without its own title
   * names itself after it). */
  onName?: (name: string) => void;
  /** Sends the viewing's pending time; resolves once the server has it (the finish waits). */
  beforeFinish?: () => Promise<void>;
}

function problemOf(error: unknown): FinishProblem {
  if (error instanceof TimeNotSentError) return { kind: 'time_not_sent' };
  if (error instanceof ApiRequestError && error.status === 0) return { kind: 'time_not_sent' };
  return { kind: 'refused', reason: error instanceof Error ? error.message : String(error) };
}

/**
 * SPEC §7 finish, once per view. The viewing's pending time goes first (`beforeFinish`): the server
 * judges a video's finish by the time it has credited. A refusal stays on screen, with a retry,
 * until a finish succeeds.
 */
function useFinishOnce(attachmentId: string, enabled: boolean, onFinished?: () => void, beforeFinish?: () => Promise<void>) {
  const done = useRef(false);
  const [problem, setProblem] = useState<FinishProblem | null>(null);
  const [sending, setSending] = useState(false);
  const finish = () => {
    if (!enabled || done.current) return;
    done.current = true;
    setSending(true);
    Promise.resolve()
      .then(() => beforeFinish?.())
      .then(() => finishAttachment(attachmentId))
      .then(
        () => {
          setProblem(null);
          onFinished?.();
        },
        (error: unknown) => {
          done.current = false;
          setProblem(problemOf(error));
        },
      )
      .finally(() => setSending(false));
  };
  return { finish, problem, sending };
}

/** One attachment of a lesson (or of the material library): decrypted or streamed, with the video
 * player's rules (SPEC §9 criteria and skip) and the identity prompt's pause. */
export function LessonAttachment({ attachmentId, onPage, onFinished, finishes = true, onName, beforeFinish }: LessonAttachmentProps) {
  const viewerLogic = useMemo(() => attachmentViewerLogic(), []);
  const viewer = useActorRef(viewerLogic, { input: { attachmentId } });
  const view = useSelector(viewer, selectAttachmentViewerView);
  const media = useRef<MediaHandle | null>(null);
  const { finish, problem: finishProblem, sending: finishSending } = useFinishOnce(attachmentId, finishes, onFinished, beforeFinish);
  const finishRef = useRef(finish);
  finishRef.current = finish;
  const [seekingRefused, setSeekingRefused] = useState(false);

  // Like/unlike (SPEC §7), from the details' like and count once they are loaded.
  const likeLogic = useMemo(() => attachmentLikeLogic(), []);
  const like = useActorRef(likeLogic, { input: { attachmentId } });
  const likeView = useSelector(like, selectAttachmentLikeView, sameLikeView);
  const detail = view.detail;
  useEffect(() => {
    if (detail) like.send({ type: 'like.loaded', liked: detail.liked, likes: detail.likes });
  }, [like, detail]);
  const name = detail?.name;
  useEffect(() => {
    if (name) onName?.(name);
  }, [name, onName]);

  const playerLogic = useMemo(
    () => videoPlayerLogic({ media, finish: () => finishRef.current(), onSeekRefused: () => setSeekingRefused(true) }),
    [],
  );
  // SPEC §9: a video's completion needs it watched, and seeking ahead is refused. A reload resumes
  // where the last viewing got to, with what it played open to seeking.
  const progress = useMemo(() => videoProgress(attachmentId), [attachmentId]);
  const player = useActorRef(playerLogic, { input: { skipAllowed: ATTACHMENT_SKIP.video, criteria: ATTACHMENT_CRITERIA.video, resume: progress.resume() } });
  useEffect(() => progress.keep(player), [progress, player]);

  // The identity prompt pauses the player and plays it again after (SPEC §2).
  useEffect(
    () =>
      registerLearningControls({
        pauseVideo: () => player.send({ type: 'auth.pause' }),
        restartVideo: () => player.send({ type: 'auth.resume' }),
      }),
    [player],
  );
  // Leaving the page while playing must not keep the session awake.
  useEffect(() => () => setKeepOnScreen(false), []);
  // Decrypted media may be a blob: URL; the rewritten playlist is one.
  const content = view.content;
  useEffect(() => () => releaseDecrypted(content), [content]);
  const playlistUrl = view.playlistUrl;
  useEffect(() => () => (playlistUrl ? URL.revokeObjectURL(playlistUrl) : undefined), [playlistUrl]);

  const type = view.detail?.type;
  const kind = view.status === 'streaming' ? 'video' : content?.kind;
  // Images are complete once shown; documents once opened; PDFs at their last page; audio at its end.
  useEffect(() => {
    if (view.status === 'ready' && content?.kind === 'image') finishRef.current();
  }, [view.status, content?.kind]);

  const videoCallbacks: MediaCallbacks = {
    onLoaded: (duration) => player.send({ type: 'media.loaded', duration }),
    onTime: (position) => player.send({ type: 'media.time', position }),
    onSeeking: (position) => player.send({ type: 'media.seeking', position }),
    onPlay: () => {
      setSeekingRefused(false);
      player.send({ type: 'user.play' });
    },
    onPause: () => player.send({ type: 'user.pause' }),
    onEnded: () => player.send({ type: 'media.ended' }),
  };
  const audioCallbacks: MediaCallbacks = { onEnded: () => finishRef.current() };

  return (
    <AttachmentViewer
      view={view}
      onRetry={() => viewer.send({ type: 'viewer.retry' })}
      onOpenDocument={() => {
        viewer.send({ type: 'document.open', now: Date.now() });
        finishRef.current();
      }}
      media={kind === 'video' ? videoCallbacks : kind === 'audio' ? audioCallbacks : undefined}
      mediaRef={media}
      hlsHeaders={hlsRequestHeaders}
      onStreamError={(error) => viewer.send({ type: 'stream.failed', error })}
      seekingRefused={seekingRefused}
      finish={finishProblem || finishSending ? { sending: finishSending, problem: finishProblem, onRetry: () => finishRef.current() } : undefined}
      like={likeView}
      onToggleLike={() => like.send({ type: 'like.toggle' })}
      onPdfPage={(page, pageCount) => {
        onPage?.(page);
        if (type === 'pdf' && pageCount > 0 && page >= pageCount) finishRef.current();
      }}
    />
  );
}
