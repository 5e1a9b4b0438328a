import { assign, fromPromise, setup } from 'xstate';
import type { HomeSummary } from '../../api/schemas/home-summary.schema';

export interface HomeSummaryContext {
  summary: HomeSummary | null;
}

export type HomeSummaryEvent = { type: 'retry' };

/** Nothing to continue and nothing due: the home page says so instead of two empty lists. */
const isEmpty = (s: HomeSummary) => s.continue === null && s.due.length === 0;

/**
 * The home page's summary of the learner (issue 45, ADR 091): loading → ready | empty | failed
 * (retry). `load` is provided by src/routes/home-summary/home-summary.actor.ts.
 */
export const homeSummaryMachine = setup({
  types: {
    context: {} as HomeSummaryContext,
    events: {} as HomeSummaryEvent,
  },
  guards: {
    nothingToShow: (_, { summary }: { summary: HomeSummary }) => isEmpty(summary),
  },
  actors: {
    load: fromPromise<HomeSummary>(async () => {
      throw new Error('load must be provided (src/routes/home-summary/home-summary.actor.ts)');
    }),
  },
}).createMachine({
  id: 'homeSummary',
  initial: 'loading',
  context: { summary: null },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: [
          // Nothing to keep: the page says there is nothing (the summary stays null).
          { guard: { type: 'nothingToShow', params: ({ event }) => ({ summary: event.output }) }, target: 'empty' },
          { target: 'ready', actions: assign({ summary: ({ event }) => event.output }) },
        ],
        // Only the first load or a retry from `failed` gets here: the summary is still null.
        onError: { target: 'failed' },
      },
    },
    ready: {},
    empty: {},
    failed: {
      on: { retry: 'loading' },
    },
  },
});
