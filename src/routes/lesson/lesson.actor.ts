import { fromCallback, fromPromise, type AnyActorRef, type EventObject } from 'xstate';
import { ApiRequestError } from '../../api/api-error';
import { finishAttachment } from '../../api/attachments.api';
import { holdFirstReads } from '../../api/page-data';
import { releaseDecrypted } from '../../platform/attachment-crypto';
import { setKeepOnScreen as storeKeepOnScreen } from '../../platform/storage/token-storage';
import type { Viewing } from '../../api/schemas/viewings.schema';
import { lessonAttachmentMachine, type MediaResourcesEvent } from '../../machines/lesson/lesson-attachment.machine';
import { lessonMachine, type Clock, type FinishProblem, type ViewingTarget } from '../../machines/lesson/lesson.machine';
import type { ViewerContent } from '../../machines/attachment-viewer/attachment-viewer.machine';
import type { MediaHandle } from '../../ui/attachment-viewer/use-media-events';
import { courseDetailRouteMachine } from '../course-detail/course-detail.actor';
import { attachmentLikeLogic } from './attachment-like.actor';
import { attachmentViewerLogic } from './attachment-viewer.actor';
import { onScreenTimeLogic, openViewing, sendPendingTime, sendStoredRecords, TimeNotSentError, watchPage, type OnScreenTimeDeps } from './on-screen-time.actor';
import { videoPlayerLogic, videoProgress } from './video-player.actor';

// The ONE place that wires the lesson machine (and the attachment machine it runs) to real I/O
// (DESIGN §2, ADR 019): the course, the on-screen timer's senders and storage, viewings, the
// finish call, the page's visibility, the media element, and the one clock.

/** The page's one clock: every time the lesson, its timer and its ticker use. */
export const wallClock: Clock = () => Date.now();

/** What a finish's failure tells the learner. */
export function problemOf(error: unknown): FinishProblem {
  if (error instanceof TimeNotSentError) return { kind: 'time_not_sent' };
  if (error instanceof ApiRequestError && error.status === 0) return { kind: 'time_not_sent' };
  return { kind: 'refused', reason: error instanceof Error ? error.message : String(error) };
}

export interface LessonAttachmentWiring {
  /** The view's handle on the media element (a React ref). */
  media: { current: MediaHandle | null };
  setKeepOnScreen?: (keep: boolean) => void;
  /** Office documents: saveFromUrl by default. */
  save?: (url: string) => void;
}

/** The attachment machine with its children's I/O (used by the lesson, and alone by the material viewer). */
export function lessonAttachmentLogic({ media, setKeepOnScreen = storeKeepOnScreen, save }: LessonAttachmentWiring) {
  const progress = new Map<string, ReturnType<typeof videoProgress>>();
  const progressOf = (attachmentId: string) => {
    let kept = progress.get(attachmentId);
    if (!kept) progress.set(attachmentId, (kept = videoProgress(attachmentId)));
    return kept;
  };
  return lessonAttachmentMachine.provide({
    actors: {
      viewer: attachmentViewerLogic(save ? { save } : {}),
      like: attachmentLikeLogic(),
      player: videoPlayerLogic({ media, setKeepOnScreen }),
      readProgress: fromPromise(async ({ input }) => progressOf(input.attachmentId).resume()),
      mediaResources: fromCallback<EventObject, { attachmentId: string }>(({ receive }) => {
        let content: ViewerContent | null = null;
        let playlistUrl: string | null = null;
        receive((event) => {
          const lent = event as MediaResourcesEvent;
          if (lent.content !== content) {
            releaseDecrypted(content);
            content = lent.content;
          }
          if (lent.playlistUrl !== playlistUrl) {
            if (playlistUrl) URL.revokeObjectURL(playlistUrl);
            playlistUrl = lent.playlistUrl;
          }
        });
        return () => {
          releaseDecrypted(content);
          if (playlistUrl) URL.revokeObjectURL(playlistUrl);
          // Leaving the page while playing must not keep the session awake.
          setKeepOnScreen(false);
        };
      }),
    },
    actions: {
      seekMedia: (_, { position }) => media.current?.seek(position),
      keepProgress: ({ context }, { progress: kept }) => progressOf(context.attachmentId).remember(kept),
    },
  });
}

export interface LessonWiring extends LessonAttachmentWiring {
  now?: Clock;
  /** The continual-auth provider's verifiedFor (none outside a signed-in layout). */
  identityVerifiedFor?: (remainingMs: number) => void;
  /** The timer's senders and storage (tests inject their own). */
  timer?: Partial<OnScreenTimeDeps>;
  finish?: (attachmentId: string) => Promise<void>;
  beginViewing?: Parameters<typeof openViewing>[1]['begin'];
}

export function lessonLogic(wiring: LessonWiring) {
  const { now = wallClock, identityVerifiedFor, timer = {}, finish = finishAttachment, beginViewing } = wiring;
  const timerDeps = { ...timer, now };
  return lessonMachine.provide({
    actors: {
      timer: onScreenTimeLogic(timerDeps),
      courseDetail: courseDetailRouteMachine,
      attachment: lessonAttachmentLogic(wiring),
      watchPage: fromCallback<EventObject>(({ sendBack }) => watchPage({ send: sendBack }, now)),
      leaveCourse: fromCallback<EventObject, { now: Clock }>(({ system }) => {
        // Taken now: the system forgets it on stop (this actor stops before the timer does).
        const timerRef = system.get('lessonTimer') as AnyActorRef | undefined;
        // Until then the next page's first reads are not sent (ADR 088): it would not show this record.
        const release = holdFirstReads();
        return () => {
          // Leaving the course: the record ends now and is sent, whether or not the timer is still there.
          timerRef?.send({ type: 'timer.stop', now: now() });
          sendStoredRecords(timerDeps).catch(() => undefined);
          release();
        };
      }),
      openViewing: fromCallback<EventObject, ViewingTarget>(({ input, sendBack }) => {
        let left = false;
        void openViewing(input, { cancelled: () => left, onFailure: () => sendBack({ type: 'viewing.failed' }), ...(beginViewing ? { begin: beginViewing } : {}) }).then(
          (viewing: Viewing | null) => {
            if (viewing && !left) sendBack({ type: 'viewing.begun', viewing });
          },
        );
        return () => {
          left = true;
        };
      }),
      sendPendingTime: fromPromise(async ({ input }) => {
        if (!input.timer) throw problemOf(new TimeNotSentError());
        await sendPendingTime(input.timer, now).catch((error: unknown) => {
          throw problemOf(error);
        });
      }),
      finishAttachment: fromPromise(({ input }) =>
        finish(input.attachmentId).catch((error: unknown) => {
          throw problemOf(error);
        }),
      ),
    },
    actions: {
      identityVerifiedFor: (_, { remainingMs }) => {
        if (remainingMs !== null) identityVerifiedFor?.(remainingMs);
      },
    },
  });
}
