import { and, assign, fromPromise, setup } from 'xstate';
import type { NewJoinerWelcomeLink } from '../../config/new-joiner-welcome';

// Issue 47, ADR 102: the new joiner's welcome page. Leaving it through one of its links records the
// dismissal first (once: a welcome opened again after it was dismissed only leads on), then goes
// there. A failed record is said with a retry, and the learner may still go on: nothing blocks
// them, and the welcome shows again next time. Effects are named placeholders
// (routes/new-joiner-welcome/new-joiner-welcome.actor.ts).

export interface NewJoinerWelcomeInput {
  /** The server's welcome_due for the signed-in user: the dismissal is still to be recorded. */
  due: boolean;
  /** The learning-map feature (SPEC §9): its link is offered only when it is on. */
  learningMap: boolean;
}

export interface NewJoinerWelcomeContext extends NewJoinerWelcomeInput {
  /** The link the learner chose (null: none yet). */
  link: NewJoinerWelcomeLink | null;
}

export type NewJoinerWelcomeEvent = { type: 'leave'; link: NewJoinerWelcomeLink } | { type: 'retry' };

export const newJoinerWelcomeMachine = setup({
  types: {
    context: {} as NewJoinerWelcomeContext,
    events: {} as NewJoinerWelcomeEvent,
    input: {} as NewJoinerWelcomeInput,
  },
  actors: {
    dismiss: fromPromise<void>(async () => {
      throw new Error('dismiss must be provided (src/routes/new-joiner-welcome/new-joiner-welcome.actor.ts)');
    }),
  },
  actions: {
    /** Goes to the chosen link's page (provided by the route: the router's navigate). */
    goTo: (_, _params: { link: NewJoinerWelcomeLink }) => undefined,
  },
  guards: {
    /** The learning map's link is offered only with its feature on; the others always. */
    offered: ({ context, event }) => event.type === 'leave' && (event.link !== 'learning_map' || context.learningMap),
    due: ({ context }) => context.due,
  },
}).createMachine({
  id: 'newJoinerWelcome',
  initial: 'showing',
  context: ({ input }) => ({ ...input, link: null }),
  states: {
    showing: {
      on: {
        leave: [
          { guard: and(['offered', 'due']), target: 'dismissing', actions: assign({ link: ({ event }) => event.link }) },
          { guard: 'offered', target: 'left', actions: assign({ link: ({ event }) => event.link }) },
        ],
      },
    },
    dismissing: {
      tags: ['busy'],
      invoke: {
        id: 'dismiss',
        src: 'dismiss',
        onDone: { target: 'left', actions: assign({ due: false }) },
        onError: { target: 'failed' },
      },
    },
    failed: {
      on: {
        retry: 'dismissing',
        // Go on without the record: the server still has the welcome due, so it shows again next time.
        leave: { guard: 'offered', target: 'left', actions: assign({ link: ({ event }) => event.link }) },
      },
    },
    left: {
      type: 'final',
      entry: { type: 'goTo', params: ({ context }) => ({ link: context.link! }) },
    },
  },
});
