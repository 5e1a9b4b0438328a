import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { ResetPasswordPayload } from '../../api/schemas/auth.schema';
import { failureMessage } from '../shared/submission-error';

export interface ResetPasswordContext {
  /** The server's message after a failed attempt (e.g. the link is used or expired); null with
   * `failed` means a generic failure. */
  error: string | null;
}

export type ResetPasswordEvent = { type: 'form.submit'; payload: ResetPasswordPayload } | { type: 'form.edit' };

/**
 * Reset password with the emailed link's token: editing → submitting → done | failed →
 * (edit) editing / (submit) submitting. `submitResetPassword` is provided by the route
 * (POST auth/reset_password).
 */
export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
  },
  actors: {
    submitResetPassword: fromPromise<void, ResetPasswordPayload>(async () => {
      throw new Error('submitResetPassword must be provided (src/routes/reset-password/reset-password.actor.ts)');
    }),
  },
  actions: {
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'resetPassword',
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
        id: 'submitResetPassword',
        src: 'submitResetPassword',
        input: ({ event }) => {
          assertEvent(event, 'form.submit');
          return event.payload;
        },
        onDone: 'done',
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
    done: { type: 'final' },
  },
});
