import { setKeepOnScreen as storeKeepOnScreen } from '../../api/token-storage';
import { videoPlayerMachine } from '../../machines/video-player/video-player.machine';
import type { MediaHandle } from '../../ui/attachment-viewer/use-media-events';

// The ONE place that wires the video player machine to the media element and keep_on_screen.

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
      setKeepOnScreen: (_, on) => keep(on),
      reportFinished: () => {
        Promise.resolve()
          .then(() => deps.finish())
          .catch((error: unknown) => deps.onFinishError?.(error));
      },
    },
  });
}
