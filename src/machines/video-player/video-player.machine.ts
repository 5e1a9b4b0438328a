import { assertEvent, assign, setup } from 'xstate';
import { VIDEO_COMPLETION_TOLERANCE_SECONDS } from '../../config/constants';

/** Seeking this far (seconds) past what was played still counts as no skip (a slider's slack). */
export const SEEK_TOLERANCE_SECONDS = 1;
/** Two time updates further apart than this were not played through (a jump, not play). */
export const PLAY_STEP_MAX_SECONDS = 5;

export interface VideoPlayerInput {
  /** SPEC §9 "Skip": seeking ahead of what was played is allowed. */
  skipAllowed: boolean;
  /** SPEC §9 "Attachment criteria": finishing needs the media played to its end. */
  criteria: boolean;
}

export interface VideoPlayerContext extends VideoPlayerInput {
  duration: number;
  position: number;
  /** The furthest position reached by playing (seconds). */
  maxPlayed: number;
  /** Paused by the identity prompt while playing: its success plays again. */
  resumeAfterAuth: boolean;
  reported: boolean;
  /** Play was asked for before the media had loaded (the element plays as soon as it can). */
  playOnLoad: boolean;
}

export type VideoPlayerEvent =
  | { type: 'media.loaded'; duration: number; position?: number }
  | { type: 'media.failed' }
  | { type: 'user.play' }
  | { type: 'user.pause' }
  | { type: 'media.time'; position: number }
  | { type: 'media.seeking'; position: number }
  | { type: 'media.ended' }
  | { type: 'auth.pause' }
  | { type: 'auth.resume' };

const finite = (n: number): number => (Number.isFinite(n) && n > 0 ? n : 0);

const positionOf = (event: VideoPlayerEvent): number => finite((event as { position?: number }).position ?? 0);

/** Played through from the last position (not a jump). */
const contiguous = (c: VideoPlayerContext, to: number): boolean => to >= c.position && to - c.position <= PLAY_STEP_MAX_SECONDS;

/** At the end, the last stretch (from the last time update to the end) was played too. */
const reachedAtEnd = (c: VideoPlayerContext): number => (contiguous(c, c.duration) ? Math.max(c.maxPlayed, c.duration) : c.maxPlayed);

/**
 * SPEC §4 "Video player play/pause state" (a boolean toggled by start and pause), §9 skip and
 * criteria, and the continual-auth prompt (SPEC §2: it pauses the video and, on success, plays it
 * again, only if it was playing). Effects are placeholders provided by
 * src/routes/lesson/video-player.actor.ts.
 */
export const videoPlayerMachine = setup({
  types: {
    input: {} as VideoPlayerInput,
    context: {} as VideoPlayerContext,
    events: {} as VideoPlayerEvent,
  },
  actions: {
    playMedia: () => undefined,
    pauseMedia: () => undefined,
    /** Puts the media back at `position` (a refused skip). */
    seekMedia: (_, _params: { position: number }) => undefined,
    /** SPEC §3 keep_on_screen: the session refreshes silently while a video plays. */
    setKeepOnScreen: (_, _params: boolean) => undefined,
    /** PUT attachments/{id}/finish. */
    reportFinished: () => undefined,
    endReached: assign(({ context }) => ({ maxPlayed: reachedAtEnd(context), position: context.duration })),
    loaded: assign(({ event }) => {
      assertEvent(event, 'media.loaded');
      // A resumed position was played before (the server refuses a finish otherwise).
      const position = Math.min(positionOf(event), finite(event.duration));
      return { duration: finite(event.duration), position, maxPlayed: position };
    }),
  },
  guards: {
    /** A seek (or, while not playing, a time update) past what was played, where skipping is not allowed. */
    skipsAhead: ({ context, event }) => !context.skipAllowed && positionOf(event) > context.maxPlayed + SEEK_TOLERANCE_SECONDS,
    /** While playing: a time update past what was played that playing cannot explain. */
    jumpsAhead: ({ context, event }) => {
      const to = positionOf(event);
      return !context.skipAllowed && to > context.maxPlayed + SEEK_TOLERANCE_SECONDS && !contiguous(context, to);
    },
    playedToEnd: ({ context }) => context.criteria && !context.reported && context.duration > 0 && reachedAtEnd(context) >= context.duration - VIDEO_COMPLETION_TOLERANCE_SECONDS,
    resumeAfterAuth: ({ context }) => context.resumeAfterAuth,
    playOnLoad: ({ context }) => context.playOnLoad,
  },
}).createMachine({
  id: 'videoPlayer',
  context: ({ input }) => ({
    skipAllowed: input.skipAllowed,
    criteria: input.criteria,
    duration: 0,
    position: 0,
    maxPlayed: 0,
    resumeAfterAuth: false,
    reported: false,
    playOnLoad: false,
  }),
  initial: 'loading',
  on: {
    'media.failed': '.error',
  },
  states: {
    loading: {
      on: {
        'media.loaded': [
          { guard: 'playOnLoad', target: 'playing', actions: ['loaded', 'playMedia', assign({ playOnLoad: false })] },
          { target: 'paused', actions: 'loaded' },
        ],
        'user.play': { actions: assign({ playOnLoad: true }) },
        'user.pause': { actions: assign({ playOnLoad: false }) },
      },
    },
    paused: {
      on: {
        'user.play': { target: 'playing', actions: ['playMedia', assign({ resumeAfterAuth: false })] },
        'auth.resume': { guard: 'resumeAfterAuth', target: 'playing', actions: ['playMedia', assign({ resumeAfterAuth: false })] },
        'media.seeking': [
          { guard: 'skipsAhead', actions: [{ type: 'seekMedia', params: ({ context }) => ({ position: context.maxPlayed }) }, assign({ position: ({ context }) => context.maxPlayed })] },
          { actions: assign({ position: ({ event }) => positionOf(event) }) },
        ],
        'media.time': [
          { guard: 'skipsAhead', actions: [{ type: 'seekMedia', params: ({ context }) => ({ position: context.maxPlayed }) }, assign({ position: ({ context }) => context.maxPlayed })] },
          { actions: assign({ position: ({ event }) => positionOf(event) }) },
        ],
      },
    },
    playing: {
      entry: { type: 'setKeepOnScreen', params: true },
      exit: { type: 'setKeepOnScreen', params: false },
      on: {
        'user.pause': { target: 'paused', actions: 'pauseMedia' },
        'auth.pause': { target: 'paused', actions: ['pauseMedia', assign({ resumeAfterAuth: true })] },
        'media.seeking': [
          { guard: 'skipsAhead', actions: [{ type: 'seekMedia', params: ({ context }) => ({ position: context.maxPlayed }) }, assign({ position: ({ context }) => context.maxPlayed })] },
          { actions: assign({ position: ({ event }) => positionOf(event) }) },
        ],
        'media.time': [
          { guard: 'jumpsAhead', actions: [{ type: 'seekMedia', params: ({ context }) => ({ position: context.maxPlayed }) }, assign({ position: ({ context }) => context.maxPlayed })] },
          {
            actions: assign(({ context, event }) => {
              const to = positionOf(event);
              return { position: to, maxPlayed: contiguous(context, to) ? Math.max(context.maxPlayed, to) : context.maxPlayed };
            }),
          },
        ],
        'media.ended': [
          { guard: 'playedToEnd', target: 'ended', actions: ['endReached', 'reportFinished', assign({ reported: true })] },
          { target: 'ended', actions: 'endReached' },
        ],
      },
    },
    ended: {
      on: {
        'user.play': { target: 'playing', actions: ['playMedia', assign({ position: 0 })] },
        // Seeking back from the end leaves the media paused there.
        'media.seeking': [
          { guard: 'skipsAhead', actions: [{ type: 'seekMedia', params: ({ context }) => ({ position: context.maxPlayed }) }] },
          { target: 'paused', actions: assign({ position: ({ event }) => positionOf(event) }) },
        ],
      },
    },
    error: {
      on: {
        'media.loaded': {
          target: 'paused',
          actions: assign(({ context, event }) => {
            assertEvent(event, 'media.loaded');
            return { duration: finite(event.duration), position: Math.min(context.maxPlayed, finite(event.duration)) };
          }),
        },
      },
    },
  },
});
