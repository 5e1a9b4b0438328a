import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { ForgetPasswordPayload } from '../../api/schemas/auth.schema';
import { failureMessage } from '../shared/submission-error';

export interface ForgotPasswordContext {
  /** The server's answer once sent (shown as is: it is already translated). */
  result: string | null;
  /** The server's message after a failed attempt; null with `failed` means a generic failure. */
  error: string | null;
}

export type ForgotPasswordEvent =
  | { type: 'form.submit'; payload: ForgetPasswordPayload }
  | { type: 'form.edit' };

/**
 * Forgot-password request: editing → submitting → sent | failed → (edit) editing / (submit) submitting.
 * `submitForgetPassword` is provided by the route (POST auth/forget_password) and resolves with
 * the server's text.
 */
export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
  },
  actors: {
    submitForgetPassword: fromPromise<string, ForgetPasswordPayload>(async () => {
      throw new Error('submitForgetPassword must be provided (src/routes/forgot-password/forgot-password.actor.ts)');
    }),
  },
  actions: {
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'forgotPassword',
  initial: 'editing',
  context: { result: null, error: null },
  states: {
    editing: {
      on: { 'form.submit': 'submitting' },
    },
    submitting: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'submitForgetPassword',
        src: 'submitForgetPassword',
        input: ({ event }) => {
          assertEvent(event, 'form.submit');
          return event.payload;
        },
        onDone: {
          target: 'sent',
          actions: assign({ result: ({ event }) => event.output }),
        },
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
    sent: { type: 'final' },
  },
});
