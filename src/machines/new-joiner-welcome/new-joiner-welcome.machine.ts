import { assign, fromPromise, setup } from 'xstate';
import type { NewJoinerWelcomeItem } from '../../api/schemas/new-joiner-welcome.schema';

export interface NewJoinerWelcomeContext {
  items: NewJoinerWelcomeItem[];
}

export type NewJoinerWelcomeEvent = { type: 'retry' };

/** NewJoinerWelcome: loading → ready | failed (retry). `load` is provided by src/routes/new-joiner-welcome/new-joiner-welcome.actor.ts. */
export const newJoinerWelcomeMachine = setup({
  types: {
    context: {} as NewJoinerWelcomeContext,
    events: {} as NewJoinerWelcomeEvent,
  },
  actors: {
    load: fromPromise<NewJoinerWelcomeItem[]>(async () => {
      throw new Error('load must be provided (src/routes/new-joiner-welcome/new-joiner-welcome.actor.ts)');
    }),
  },
}).createMachine({
  id: 'newJoinerWelcome',
  initial: 'loading',
  context: { items: [] },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'load',
        onDone: { target: 'ready', actions: assign({ items: ({ event }) => event.output }) },
        onError: { target: 'failed' },
      },
    },
    ready: {},
    failed: {
      on: { retry: 'loading' },
    },
  },
});
