import { assertEvent, assign, fromPromise, setup } from 'xstate';

// SPEC §7 "Attachments": PUT attachments/{id}/like likes, DELETE takes the like back. The button
// answers at once (optimistic); a refused call puts the count back and says so.

export interface AttachmentLikeContext {
  attachmentId: string;
  liked: boolean;
  likes: number;
  /** The last change could not be saved (it was undone). */
  failed: boolean;
}

export interface AttachmentLikeInput {
  attachmentId: string;
}

export type AttachmentLikeEvent =
  /** The attachment's details arrived (or arrived again): the server's like and count. */
  | { type: 'like.loaded'; liked: boolean; likes: number }
  | { type: 'like.toggle' };

const flipped = (c: AttachmentLikeContext) => ({ liked: !c.liked, likes: Math.max(0, c.likes + (c.liked ? -1 : 1)) });

export const attachmentLikeMachine = setup({
  types: {
    context: {} as AttachmentLikeContext,
    events: {} as AttachmentLikeEvent,
    input: {} as AttachmentLikeInput,
  },
  actors: {
    /** like = true: PUT attachments/{id}/like; false: DELETE it. */
    saveLike: fromPromise<void, { attachmentId: string; like: boolean }>(async () => {
      throw new Error('saveLike must be provided (src/routes/lesson/attachment-like.actor.ts)');
    }),
  },
  actions: {
    takeLoaded: assign(({ event }) => {
      assertEvent(event, 'like.loaded');
      return { liked: event.liked, likes: Math.max(0, event.likes), failed: false };
    }),
  },
}).createMachine({
  id: 'attachmentLike',
  initial: 'unknown',
  context: ({ input }) => ({ attachmentId: input.attachmentId, liked: false, likes: 0, failed: false }),
  states: {
    /** The details are not loaded yet: there is nothing to show or change. */
    unknown: {
      on: { 'like.loaded': { target: 'idle', actions: 'takeLoaded' } },
    },
    idle: {
      on: {
        'like.toggle': { target: 'saving', actions: assign(({ context }) => ({ ...flipped(context), failed: false })) },
        'like.loaded': { actions: 'takeLoaded' },
      },
    },
    /** One call at a time: the button is busy until the server answers. */
    saving: {
      invoke: {
        id: 'saveLike',
        src: 'saveLike',
        input: ({ context }) => ({ attachmentId: context.attachmentId, like: context.liked }),
        onDone: 'idle',
        onError: { target: 'idle', actions: assign(({ context }) => ({ ...flipped(context), failed: true })) },
      },
    },
  },
});
