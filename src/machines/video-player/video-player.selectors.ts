import type { SnapshotFrom } from 'xstate';
import type { videoPlayerMachine } from './video-player.machine';

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
