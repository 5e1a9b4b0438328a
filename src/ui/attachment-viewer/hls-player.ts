import Hls from 'hls.js';

// Loaded with import() by VideoPlayerView only when a video streams: hls.js stays out of every other page.

export interface HlsOptions {
  /** The API headers (Authorization, app, client, language) for the key and segment requests. */
  headers: () => Record<string, string>;
  /** hls.js gave up (a fatal error it could not recover). */
  onFatal: (error: Error) => void;
}

export interface HlsPlayer {
  destroy(): void;
}

/** Plays a rewritten playlist (a blob: URL whose key and segment URLs are absolute) in `video`. */
export function attachHls(video: HTMLVideoElement, playlistUrl: string, { headers, onFatal }: HlsOptions): HlsPlayer {
  if (!Hls.isSupported()) {
    onFatal(new Error('HLS playback (Media Source Extensions) is not supported by this browser'));
    return { destroy: () => undefined };
  }
  const hls = new Hls({
    xhrSetup: (xhr, url) => {
      // The bearer goes to our own API only, never to another host a playlist might name.
      if (!url.startsWith(`${location.origin}/api/`)) return;
      for (const [name, value] of Object.entries(headers())) xhr.setRequestHeader(name, value);
    },
  });
  let mediaRecoveries = 0;
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    // One recovery attempt for a decode hiccup; a network or key failure is reported as it is.
    if (data.type === Hls.ErrorTypes.MEDIA_ERROR && mediaRecoveries < 1) {
      mediaRecoveries += 1;
      hls.recoverMediaError();
      return;
    }
    onFatal(new Error(`hls.js: ${data.type} ${data.details}`));
  });
  hls.loadSource(playlistUrl);
  hls.attachMedia(video);
  return { destroy: () => hls.destroy() };
}
