import { useEffect, useRef, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaEvents, useMediaHandle, type MediaCallbacks, type MediaHandle } from './use-media-events';

export interface VideoPlayerViewProps extends MediaCallbacks {
  /** The attachment's name (accessible label). */
  name: string;
  /** A decrypted video (data: or blob: URL). */
  src?: string | null;
  /** A rewritten HLS playlist (blob: URL), played through hls.js (loaded only then). */
  playlistUrl?: string | null;
  /** The API headers for hls.js's key and segment requests (src/api/attachments-stream.ts). */
  hlsHeaders?: () => Record<string, string>;
  /** hls.js could not play the stream. */
  onStreamError?: (error: Error) => void;
  /** SPEC §9: the learner tried to skip ahead of what was played (video: refused). */
  seekingRefused?: boolean;
  ref?: Ref<MediaHandle>;
}

const noHeaders = () => ({});

export function VideoPlayerView({ name, src, playlistUrl, hlsHeaders = noHeaders, onStreamError, seekingRefused = false, ref, ...callbacks }: VideoPlayerViewProps) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  useMediaHandle(video, ref);
  useMediaEvents(video, callbacks);
  const latest = useRef({ hlsHeaders, onStreamError });
  useEffect(() => {
    latest.current = { hlsHeaders, onStreamError };
  });

  useEffect(() => {
    const element = video.current;
    if (!playlistUrl || !element) return undefined;
    let player: { destroy(): void } | null = null;
    let cancelled = false;
    import('./hls-player').then(
      ({ attachHls }) => {
        if (cancelled) return;
        player = attachHls(element, playlistUrl, {
          headers: () => latest.current.hlsHeaders(),
          onFatal: (error) => latest.current.onStreamError?.(error),
        });
      },
      (error: unknown) => latest.current.onStreamError?.(error instanceof Error ? error : new Error(String(error))),
    );
    return () => {
      cancelled = true;
      player?.destroy();
    };
  }, [playlistUrl]);

  return (
    <div className="attachment-media attachment-media--video">
      <video
        ref={video}
        className="attachment-media__video"
        controls
        playsInline
        preload="metadata"
        controlsList="nodownload"
        aria-label={t('attachments:video_label', { name })}
        src={playlistUrl ? undefined : (src ?? undefined)}
        data-testid="attachment-video"
      />
      {seekingRefused ? (
        <p role="status" className="attachment-viewer__notice" data-testid="seeking-refused">
          {t('attachments:seeking_refused')}
        </p>
      ) : null}
    </div>
  );
}
