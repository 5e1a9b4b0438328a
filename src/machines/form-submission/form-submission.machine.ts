import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { failureMessage } from '../shared/submission-error';

export interface FormSubmissionContext<Result> {
  /** What the submit actor resolved with (e.g. the server's confirmation text), once succeeded. */
  result: Result | null;
  /** The server's message after a failed attempt; null with `failed` means a generic failure. */
  error: string | null;
}

export type FormSubmissionEvent<Payload> =
  | { type: 'form.submit'; payload: Payload }
  /** The user changed a field: a shown failure is stale from then on. */
  | { type: 'form.edit' };

/**
 * One submit-form flow for every form that sends one payload and waits for one answer
 * (sign-in, forgot password, reset password, change password, and the forms to come):
 * editing → submitting → succeeded | failed → (edit) editing / (submit) submitting.
 *
 * `submit` is a placeholder: the feature's route provides the real call with
 * `machine.provide({ actors: { submit } })` in `src/routes/<feature>/<feature>.actor.ts`.
 * It resolves with the feature's result, or rejects with a SubmissionError carrying the
 * server's (translated) message; any other rejection is a generic failure.
 *
 * Each feature makes its own typed instance (its own id, so its diagram and its tests name it):
 * `createFormSubmissionMachine<LoginPayload, SignInOutcome>('signIn')`.
 */
export function createFormSubmissionMachine<Payload, Result = void>(id: string) {
  return setup({
    types: {
      context: {} as FormSubmissionContext<Result>,
      events: {} as FormSubmissionEvent<Payload>,
    },
    actors: {
      // Typed loosely here (TypeScript cannot resolve xstate's invoke types over a generic actor);
      // the payload and result types are carried by the events and the context.
      submit: fromPromise<any, any>(async () => { // eslint-disable-line @typescript-eslint/no-explicit-any
        throw new Error(`submit must be provided for ${id} (src/routes/<feature>/<feature>.actor.ts)`);
      }),
    },
    actions: {
      clearError: assign({ error: null }),
      // The done event of `submit` carries the Result (its type is generic here, so named once).
      keepResult: assign({ result: ({ event }) => (event as unknown as { output: Result }).output }),
    },
  }).createMachine({
    id,
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
          id: 'submit',
          src: 'submit',
          input: ({ event }: { event: FormSubmissionEvent<Payload> }) => {
            assertEvent(event, 'form.submit');
            return event.payload;
          },
          onDone: {
            target: 'succeeded',
            actions: 'keepResult',
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
      succeeded: { type: 'final' },
    },
  });
}

export type FormSubmissionMachine<Payload, Result = void> = ReturnType<typeof createFormSubmissionMachine<Payload, Result>>;
