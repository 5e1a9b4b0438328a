import type { ActorRef, Snapshot } from 'xstate';
import { getToken, readClaims, setKeepOnScreen as storeKeepOnScreen } from '../../platform/storage/token-storage';
import { createVideoProgressStorage, type VideoProgressStorage } from '../../platform/storage/video-progress-storage';
import type { VideoPlayerEvent, VideoProgress } from '../../machines/video-player/video-player.machine';
import { progressToKeep, type VideoPlayerSnapshot } from '../../machines/video-player/video-player.selectors';
import { lessonVideoPlayer } from '../../machines/lesson/lesson-attachment.machine';
import type { MediaHandle } from '../../ui/attachment-viewer/use-media-events';

// The ONE place that wires the video player machine to the media element, keep_on_screen and the
// progress remembered across reloads. Its finish and refused seeks go to the attachment machine
// (src/machines/lesson/lesson-attachment.machine.ts), which runs it as a child.

export interface VideoPlayerDeps {
  /** The view's handle on the element (a React ref): read when an action runs, so it may mount later. */
  media: { current: MediaHandle | null };
  setKeepOnScreen?: (keep: boolean) => void;
}

/** The attachment machine's player, with its media effects. */
export function videoPlayerLogic(deps: VideoPlayerDeps) {
  const keep = deps.setKeepOnScreen ?? storeKeepOnScreen;
  return lessonVideoPlayer.provide({
    actions: {
      playMedia: () => void deps.media.current?.play(),
      pauseMedia: () => deps.media.current?.pause(),
      resumeMedia: (_, { position }) => deps.media.current?.seek(position),
      setKeepOnScreen: (_, on) => keep(on),
    },
  });
}

/** Whose progress it is: the signed-in user (one browser may be shared). */
const signedInUser = (): string => readClaims(getToken())?.sub ?? 'anonymous';

/**
 * The progress of an attachment's earlier viewing (the machine's `resume` input), and a way to keep
 * this viewing's as it goes: `remember` each progress (written when it changed), or `keep` an actor
 * (returns the unsubscribe).
 */
export function videoProgress(attachmentId: string, storage: VideoProgressStorage = createVideoProgressStorage(), owner: () => string = signedInUser) {
  let last = '';
  const remember = (progress: VideoProgress | null): void => {
    const text = JSON.stringify(progress);
    if (!progress || text === last) return;
    last = text;
    storage.write(owner(), attachmentId, progress);
  };
  return {
    resume: (): VideoProgress | null => storage.read(owner(), attachmentId),
    remember,
    keep(actor: ActorRef<Snapshot<unknown>, VideoPlayerEvent>): () => void {
      const subscription = actor.subscribe((snapshot) => remember(progressToKeep(snapshot as VideoPlayerSnapshot)));
      return () => subscription.unsubscribe();
    },
  };
}
