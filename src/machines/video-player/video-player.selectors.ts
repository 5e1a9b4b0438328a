import type { SnapshotFrom } from 'xstate';
import type { videoPlayerMachine, VideoProgress } from './video-player.machine';

export type VideoPlayerSnapshot = SnapshotFrom<typeof videoPlayerMachine>;

export type VideoPlayerStatus = 'loading' | 'paused' | 'playing' | 'ended' | 'error';

export interface VideoPlayerView {
  playing: boolean;
  ended: boolean;
  /** Seconds played so far (the furthest point reached by playing). */
  maxPlayed: number;
  status: VideoPlayerStatus;
}

export function videoPlayerView(snapshot: VideoPlayerSnapshot): VideoPlayerView {
  const status = snapshot.value as VideoPlayerStatus;
  return { playing: status === 'playing', ended: status === 'ended', maxPlayed: snapshot.context.maxPlayed, status };
}

/** What to remember of this viewing for the next (a reload): nothing before the media loaded; a
 * media played to its end starts over next time, with all of it still open to seeking. */
export function progressToKeep(snapshot: VideoPlayerSnapshot): VideoProgress | null {
  const { value, context } = snapshot;
  if (value === 'loading' || value === 'error' || context.duration <= 0) return null;
  return { position: value === 'ended' ? 0 : context.position, maxPlayed: context.maxPlayed };
}
