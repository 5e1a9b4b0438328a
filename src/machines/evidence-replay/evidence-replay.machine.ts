import { assign, fromPromise, setup } from 'xstate';
import type { EvidenceReplay, EvidenceReplayAsk } from '../../api/schemas/evidence-replay.schema';
import { failureMessage } from '../shared/submission-error';

// Issue 46, ADR 097: the auditor's replay of a learner's evidence. It loads the server's recorded
// steps once, then steps through them one at a time (previous / next, first / last); a replay with
// no step is its own state (nothing to step through), a failed load can be retried.

export interface EvidenceReplayContext {
  ask: EvidenceReplayAsk;
  replay: EvidenceReplay | null;
  /** The step on screen (0-based); 0 while nothing is loaded. */
  index: number;
  error: string | null;
}

export type EvidenceReplayEvent = { type: 'retry' } | { type: 'next' } | { type: 'previous' } | { type: 'first' } | { type: 'last' };

const count = (c: EvidenceReplayContext) => c.replay?.steps.length ?? 0;

export const evidenceReplayMachine = setup({
  types: { context: {} as EvidenceReplayContext, events: {} as EvidenceReplayEvent, input: {} as { ask: EvidenceReplayAsk } },
  actors: {
    loadReplay: fromPromise<EvidenceReplay, EvidenceReplayAsk>(async () => {
      throw new Error('loadReplay must be provided (src/routes/evidence-replay/evidence-replay.actor.ts)');
    }),
  },
  guards: {
    hasSteps: ({ event }) => (event as unknown as { output: EvidenceReplay }).output.steps.length > 0,
    hasNext: ({ context }) => context.index < count(context) - 1,
    hasPrevious: ({ context }) => context.index > 0,
  },
}).createMachine({
  id: 'evidenceReplay',
  initial: 'loading',
  context: ({ input }) => ({ ask: input.ask, replay: null, index: 0, error: null }),
  states: {
    loading: {
      tags: ['busy'],
      entry: assign({ error: null, replay: null, index: 0 }),
      invoke: {
        id: 'loadReplay',
        src: 'loadReplay',
        input: ({ context }) => context.ask,
        onDone: [
          { guard: 'hasSteps', target: 'stepping', actions: assign({ replay: ({ event }) => event.output }) },
          { target: 'empty', actions: assign({ replay: ({ event }) => event.output }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
      },
    },
    stepping: {
      on: {
        next: { guard: 'hasNext', actions: assign({ index: ({ context }) => context.index + 1 }) },
        previous: { guard: 'hasPrevious', actions: assign({ index: ({ context }) => context.index - 1 }) },
        first: { guard: 'hasPrevious', actions: assign({ index: 0 }) },
        last: { guard: 'hasNext', actions: assign({ index: ({ context }) => count(context) - 1 }) },
      },
    },
    empty: {},
    failed: { on: { retry: 'loading' } },
  },
});
