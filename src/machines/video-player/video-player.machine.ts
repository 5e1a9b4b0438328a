import { assertEvent, assign, setup } from 'xstate';
import { VIDEO_COMPLETION_TOLERANCE_SECONDS } from '../../config/constants';

/** Seeking this far (seconds) past what was played still counts as no skip (a slider's slack). */
export const SEEK_TOLERANCE_SECONDS = 1;
/** Two time updates further apart than this were not played through (a jump, not play). */
export const PLAY_STEP_MAX_SECONDS = 5;

/** Where an earlier viewing of the same media got to (seconds), kept across reloads. */
export interface VideoProgress {
  position: number;
  /** The furthest point reached by playing: seeking up to it is watching again, not skipping. */
  maxPlayed: number;
}

export interface VideoPlayerInput {
  /** SPEC §9 "Skip": seeking ahead of what was played is allowed. */
  skipAllowed: boolean;
  /** SPEC §9 "Attachment criteria": finishing needs the media played to its end. */
  criteria: boolean;
  /** An earlier viewing's progress: the media resumes there once loaded. */
  resume?: VideoProgress | null;
}

export interface VideoPlayerContext extends Omit<VideoPlayerInput, 'resume'> {
  resume: VideoProgress | null;
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
  | { type: 'media.loaded'; duration: number }
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

/** The media's length is known: an earlier viewing's progress (within that length) is taken up,
 * and the media moves to its position. What it played before counts as played. */
function loadedState(context: VideoPlayerContext, event: VideoPlayerEvent): Pick<VideoPlayerContext, 'duration' | 'position' | 'maxPlayed'> {
  assertEvent(event, 'media.loaded');
  const duration = finite(event.duration);
  const maxPlayed = Math.min(finite(context.resume?.maxPlayed ?? 0), duration);
  return { duration, maxPlayed, position: Math.min(finite(context.resume?.position ?? 0), maxPlayed) };
}

const machineSetup = setup({
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
    /** Moves the media to where an earlier viewing got to (no refusal to show). */
    resumeMedia: (_, _params: { position: number }) => undefined,
    /** SPEC §3 keep_on_screen: the session refreshes silently while a video plays. */
    setKeepOnScreen: (_, _params: boolean) => undefined,
    /** PUT attachments/{id}/finish. */
    reportFinished: () => undefined,
    endReached: assign(({ context }) => ({ maxPlayed: reachedAtEnd(context), position: context.duration })),
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
    neverLoaded: ({ context }) => context.duration === 0,
  },
});

const loaded = machineSetup.enqueueActions(({ context, event, enqueue }) => {
  const next = loadedState(context, event);
  enqueue.assign(next);
  if (next.position > 0) enqueue({ type: 'resumeMedia', params: { position: next.position } });
});

/**
 * SPEC §4 "Video player play/pause state" (a boolean toggled by start and pause), §9 skip and
 * criteria, and the continual-auth prompt (SPEC §2: it pauses the video and, on success, plays it
 * again, only if it was playing). A reload resumes where the last viewing got to (input `resume`),
 * and seeking back within what was played, then or before, is always allowed. Effects are placeholders provided by
 * src/routes/lesson/video-player.actor.ts.
 */
export const videoPlayerMachine = machineSetup.createMachine({
  id: 'videoPlayer',
  context: ({ input }) => ({
    skipAllowed: input.skipAllowed,
    criteria: input.criteria,
    resume: input.resume ?? null,
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
          { guard: 'playOnLoad', target: 'playing', actions: [loaded, 'playMedia', assign({ playOnLoad: false })] },
          { target: 'paused', actions: loaded },
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
        'media.loaded': [
          // Failed before it ever loaded: as a first load (an earlier viewing's progress too).
          { guard: 'neverLoaded', target: 'paused', actions: loaded },
          {
            target: 'paused',
            actions: assign(({ context, event }) => {
              assertEvent(event, 'media.loaded');
              return { duration: finite(event.duration), position: Math.min(context.maxPlayed, finite(event.duration)) };
            }),
          },
        ],
      },
    },
  },
});
