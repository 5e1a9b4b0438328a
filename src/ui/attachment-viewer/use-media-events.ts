import { useEffect, useImperativeHandle, type Ref, type RefObject } from 'react';

/** What the page listens to on a media element (the video-player machine's events). */
export interface MediaCallbacks {
  onLoaded?: (duration: number) => void;
  onTime?: (position: number) => void;
  onSeeking?: (position: number) => void;
  onPlay?: () => void;
  onPause?: () => void;
  onEnded?: () => void;
}

/** What a machine action may do to the media element (play, pause, move back after a refused seek). */
export interface MediaHandle {
  play(): Promise<void>;
  pause(): void;
  seek(position: number): void;
}

export function useMediaHandle(element: RefObject<HTMLMediaElement | null>, ref: Ref<MediaHandle> | undefined): void {
  useImperativeHandle(
    ref,
    () => ({
      // Autoplay rules may refuse a play that no click started; the element stays paused then.
      play: async () => {
        await element.current?.play()?.catch(() => undefined);
      },
      pause: () => element.current?.pause(),
      seek: (position: number) => {
        if (element.current) element.current.currentTime = position;
      },
    }),
    [element],
  );
}

/** Media events → callbacks, with the latest callbacks and without re-subscribing on every render. */
export function useMediaEvents(element: RefObject<HTMLMediaElement | null>, callbacks: MediaCallbacks): void {
  const { onLoaded, onTime, onSeeking, onPlay, onPause, onEnded } = callbacks;
  useEffect(() => {
    const media = element.current;
    if (!media) return undefined;
    const listeners: Array<[string, () => void]> = [
      ['loadedmetadata', () => onLoaded?.(Number.isFinite(media.duration) ? media.duration : 0)],
      ['timeupdate', () => onTime?.(media.currentTime)],
      ['seeking', () => onSeeking?.(media.currentTime)],
      ['play', () => onPlay?.()],
      // At its end the element pauses itself just before 'ended': that is not the learner's pause.
      ['pause', () => (media.ended ? undefined : onPause?.())],
      ['ended', () => onEnded?.()],
    ];
    for (const [name, listener] of listeners) media.addEventListener(name, listener);
    // The metadata may have arrived before these listeners (they follow the callbacks).
    if (media.readyState >= 1) listeners[0][1]();
    return () => {
      for (const [name, listener] of listeners) media.removeEventListener(name, listener);
    };
  }, [element, onLoaded, onTime, onSeeking, onPlay, onPause, onEnded]);
}
