import type { ActorRef, Snapshot } from 'xstate';
import { getToken, readClaims, setKeepOnScreen as storeKeepOnScreen } from '../../api/token-storage';
import { createVideoProgressStorage, type VideoProgressStorage } from '../../api/video-progress-storage';
import { videoPlayerMachine, type VideoPlayerEvent, type VideoProgress } from '../../machines/video-player/video-player.machine';
import { progressToKeep, type VideoPlayerSnapshot } from '../../machines/video-player/video-player.selectors';
import type { MediaHandle } from '../../ui/attachment-viewer/use-media-events';

// The ONE place that wires the video player machine to the media element, keep_on_screen and the
// progress remembered across reloads.

export interface VideoPlayerDeps {
  /** The view's handle on the element (a React ref): read when an action runs, so it may mount later. */
  media: { current: MediaHandle | null };
  /** PUT attachments/{id}/finish. */
  finish: () => Promise<void> | void;
  /** A seek ahead was refused (the view says so). */
  onSeekRefused?: () => void;
  setKeepOnScreen?: (keep: boolean) => void;
  onFinishError?: (error: unknown) => void;
}

export function videoPlayerLogic(deps: VideoPlayerDeps) {
  const keep = deps.setKeepOnScreen ?? storeKeepOnScreen;
  return videoPlayerMachine.provide({
    actions: {
      playMedia: () => void deps.media.current?.play(),
      pauseMedia: () => deps.media.current?.pause(),
      seekMedia: (_, { position }) => {
        deps.media.current?.seek(position);
        deps.onSeekRefused?.();
      },
      resumeMedia: (_, { position }) => deps.media.current?.seek(position),
      setKeepOnScreen: (_, on) => keep(on),
      reportFinished: () => {
        Promise.resolve()
          .then(() => deps.finish())
          .catch((error: unknown) => deps.onFinishError?.(error));
      },
    },
  });
}

/** Whose progress it is: the signed-in user (one browser may be shared). */
const signedInUser = (): string => readClaims(getToken())?.sub ?? 'anonymous';

/**
 * The progress of an attachment's earlier viewing (the machine's `resume` input), and a way to keep
 * this viewing's as it goes (returns the unsubscribe).
 */
export function videoProgress(attachmentId: string, storage: VideoProgressStorage = createVideoProgressStorage(), owner: () => string = signedInUser) {
  return {
    resume: (): VideoProgress | null => storage.read(owner(), attachmentId),
    keep(actor: ActorRef<Snapshot<unknown>, VideoPlayerEvent>): () => void {
      let last = '';
      const subscription = actor.subscribe((snapshot) => {
        const progress = progressToKeep(snapshot as VideoPlayerSnapshot);
        const text = JSON.stringify(progress);
        if (!progress || text === last) return;
        last = text;
        storage.write(owner(), attachmentId, progress);
      });
      return () => subscription.unsubscribe();
    },
  };
}
