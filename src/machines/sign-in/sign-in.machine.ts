import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { LoginPayload } from '../../api/schemas/auth.schema';
import { failureMessage } from '../shared/submission-error';
import { isCodeRequired } from '../two-factor/two-factor.errors';

export interface SignInContext {
  /** The server's message after a failed attempt; null with `failed` means a generic failure. */
  error: string | null;
  /** The account has two-factor on (MissingCredential): these credentials go on to the code step. */
  codeFor: LoginPayload | null;
}

export type SignInEvent =
  | { type: 'form.submit'; payload: LoginPayload }
  /** The user changed a field: a shown failure is stale from then on. */
  | { type: 'form.edit' };

/**
 * Sign-in form flow: editing → submitting → succeeded | failed → (edit) editing / (submit) submitting;
 * or codeRequired when the right password belongs to an account with two-factor on (the two-factor
 * machine then asks for the code).
 * `submitLogin` is a placeholder: the login route provides the real call (login + store token);
 * it rejects with a SubmissionError carrying the server's message.
 */
export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
  },
  actors: {
    submitLogin: fromPromise<void, LoginPayload>(async () => {
      throw new Error('submitLogin must be provided (src/routes/login/login.actor.ts)');
    }),
  },
  guards: {
    codeRequired: ({ event }) => isCodeRequired((event as { error?: unknown }).error),
  },
  actions: {
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'signIn',
  initial: 'editing',
  context: { error: null, codeFor: null },
  states: {
    editing: {
      on: { 'form.submit': 'submitting' },
    },
    submitting: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'submitLogin',
        src: 'submitLogin',
        input: ({ event }) => {
          assertEvent(event, 'form.submit');
          return event.payload;
        },
        onDone: 'succeeded',
        onError: [
          {
            guard: 'codeRequired',
            target: 'codeRequired',
            actions: assign({ codeFor: ({ event }) => (isCodeRequired(event.error) ? event.error.credentials : null) }),
          },
          {
            target: 'failed',
            actions: assign({ error: ({ event }) => failureMessage(event.error) }),
          },
        ],
      },
    },
    failed: {
      on: {
        'form.edit': { target: 'editing', actions: 'clearError' },
        'form.submit': 'submitting',
      },
    },
    succeeded: { type: 'final' },
    codeRequired: { type: 'final' },
  },
});
