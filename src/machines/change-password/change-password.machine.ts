import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { ChangePasswordPayload } from '../../api/schemas/password.schema';
import { failureMessage } from '../shared/submission-error';

export interface ChangePasswordContext {
  /** The server's message after a failed attempt; null with `failed` means a generic failure. */
  error: string | null;
}

export type ChangePasswordEvent =
  | { type: 'form.submit'; payload: ChangePasswordPayload }
  | { type: 'form.edit' };

/**
 * Change-password flow (also the forced reset of a first sign-in):
 * editing → submitting → changed | failed → (edit) editing / (submit) submitting.
 * `submitChangePassword` is provided by the route (PUT users/current/password, then the current
 * user is flagged password_reset=true); it rejects with a SubmissionError.
 */
export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    events: {} as ChangePasswordEvent,
  },
  actors: {
    submitChangePassword: fromPromise<void, ChangePasswordPayload>(async () => {
      throw new Error('submitChangePassword must be provided (src/routes/change-password/change-password.actor.ts)');
    }),
  },
  actions: {
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'changePassword',
  initial: 'editing',
  context: { error: null },
  states: {
    editing: {
      on: { 'form.submit': 'submitting' },
    },
    submitting: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'submitChangePassword',
        src: 'submitChangePassword',
        input: ({ event }) => {
          assertEvent(event, 'form.submit');
          return event.payload;
        },
        onDone: 'changed',
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => failureMessage(event.error) }),
        },
      },
    },
    failed: {
      on: {
        'form.edit': { target: 'editing', actions: 'clearError' },
        'form.submit': 'submitting',
      },
    },
    changed: { type: 'final' },
  },
});
