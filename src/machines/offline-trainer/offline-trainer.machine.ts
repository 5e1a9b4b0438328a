import { assign, fromPromise, setup } from 'xstate';
import type { OfflineSessionCodes } from '../../api/schemas/offline-trainer.schema';

// The trainer's screen (issue 14; issue 43, ADR 077). The codes change every minute on the server:
// the screen asks again when the server said they change (its clock, not the browser's), keeps the
// codes it has while asking, and "New codes" asks the server for a new secret. A refusal (403) is
// not handled here: the app shows its "not allowed" page for any page whose data is refused.

/** What `loadCodes` / `rotateCodes` reject with: the server's (or the API layer's) translated text, or null. */
export interface TrainerProblem {
  message: string | null;
}

export interface OfflineTrainerContext {
  sessionId: string;
  codes: OfflineSessionCodes | null;
  /** The last failure: on loading the page (failed), or on refreshing / rotating (the codes stay shown). */
  problem: TrainerProblem | null;
}

export type OfflineTrainerEvent = { type: 'retry' } | { type: 'codes.rotate' };

/** A little after the minute turns, so the server's new minute has begun when the request lands. */
export const REFRESH_MARGIN_MS = 250;
/** After a failed refresh: ask again this soon (the codes shown may be a minute old, still accepted). */
export const REFRESH_RETRY_MS = 5_000;

const problemOf = (error: unknown): TrainerProblem => ({ message: (error as TrainerProblem | undefined)?.message ?? null });

export const offlineTrainerMachine = setup({
  types: {
    context: {} as OfflineTrainerContext,
    events: {} as OfflineTrainerEvent,
    input: {} as { sessionId: string },
  },
  actors: {
    loadCodes: fromPromise<OfflineSessionCodes, string>(async () => {
      throw new Error('loadCodes must be provided (src/routes/offline-trainer/offline-trainer.actor.ts)');
    }),
    rotateCodes: fromPromise<OfflineSessionCodes, string>(async () => {
      throw new Error('rotateCodes must be provided (src/routes/offline-trainer/offline-trainer.actor.ts)');
    }),
  },
  delays: {
    nextChange: ({ context }) => (context.problem ? REFRESH_RETRY_MS : (context.codes?.changes_in_ms ?? 0) + REFRESH_MARGIN_MS),
  },
}).createMachine({
  id: 'offlineTrainer',
  initial: 'loading',
  context: ({ input }) => ({ sessionId: input.sessionId, codes: null, problem: null }),
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadCodes',
        input: ({ context }) => context.sessionId,
        onDone: { target: 'shown', actions: assign({ codes: ({ event }) => event.output, problem: null }) },
        onError: { target: 'failed', actions: assign({ problem: ({ event }) => problemOf(event.error) }) },
      },
    },
    shown: {
      after: { nextChange: 'refreshing' },
      on: { 'codes.rotate': 'rotating' },
    },
    refreshing: {
      invoke: {
        src: 'loadCodes',
        input: ({ context }) => context.sessionId,
        onDone: { target: 'shown', actions: assign({ codes: ({ event }) => event.output, problem: null }) },
        onError: { target: 'shown', actions: assign({ problem: ({ event }) => problemOf(event.error) }) },
      },
      on: { 'codes.rotate': 'rotating' },
    },
    rotating: {
      tags: ['busy'],
      invoke: {
        src: 'rotateCodes',
        input: ({ context }) => context.sessionId,
        onDone: { target: 'shown', actions: assign({ codes: ({ event }) => event.output, problem: null }) },
        onError: { target: 'shown', actions: assign({ problem: ({ event }) => problemOf(event.error) }) },
      },
    },
    failed: { on: { retry: 'loading' } },
  },
});
