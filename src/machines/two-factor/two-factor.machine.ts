import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { LoginPayload } from '../../api/schemas/sign-in.schema';
import type {
  TwoFactorActivatePayload,
  TwoFactorActivation,
  TwoFactorDeactivatePayload,
  TwoFactorInfo,
  TwoFactorVerifyPayload,
} from '../../api/schemas/two-factor.schema';
import { failureMessage } from '../shared/submission-error';
import { isSecondFactorMissing } from './two-factor.errors';

export interface TwoFactorContext {
  credentials: LoginPayload | null;
  info: TwoFactorInfo | null;
  /** The pending secret while an activation is shown (dropped once done or cancelled). */
  activation: TwoFactorActivation | null;
  /** The server's message after a failed step; null with a failed state means a generic failure. */
  error: string | null;
  /** Two-factor was turned on in this visit (the page says so). */
  justActivated: boolean;
}

export type TwoFactorEvent =
  /** The login answered MissingCredential for these credentials: only the code is asked for. */
  | { type: 'signIn.start'; credentials: LoginPayload }
  /** The settings page: status, activation and deactivation of the signed-in user. */
  | { type: 'manage.start' }
  | { type: 'code.submit'; code: string }
  /** The user changed the code: a shown failure is stale from then on. */
  | { type: 'code.edit' }
  /** Back to the password step of the login page. */
  | { type: 'code.cancel' }
  | { type: 'info.retry' }
  | { type: 'activation.start' }
  | { type: 'password.submit'; payload: TwoFactorActivatePayload }
  | { type: 'password.edit' }
  /** The QR code was scanned (or the text code typed): ask for the first code. */
  | { type: 'activation.next' }
  | { type: 'activation.back' }
  | { type: 'activation.cancel' }
  | { type: 'deactivation.start' }
  /** The dialog's proof that the owner is there: the password or a current code (ASVS 7.5.1). */
  | { type: 'deactivation.confirm'; payload: TwoFactorDeactivatePayload }
  /** The user changed the proof: a shown failure is stale from then on. */
  | { type: 'proof.edit' }
  | { type: 'deactivation.cancel' };

const secondFactorMissing = {
  guard: 'secondFactorMissing',
  target: '#twoFactor.manage.signInAgain',
  actions: ['rememberError', 'forgetActivation'],
} as const;

/**
 * SPEC §4 Two-factor: sign-in with a code after MissingCredential; activation (password → a new
 * secret shown as QR and text → the first code → a token with g2fa); deactivation (a dialog asks
 * for the password or a current code → a token without g2fa → the route signs out; a refusal is
 * shown in the dialog, which stays open). The calls are placeholders the routes provide
 * (src/routes/two-factor/two-factor.actor.ts); they reject with SubmissionError (server's text)
 * or SecondFactorMissingError (NotAuthenticated: this session must sign in again with a code).
 */
export const twoFactorMachine = setup({
  types: {
    context: {} as TwoFactorContext,
    events: {} as TwoFactorEvent,
  },
  actors: {
    verifyCode: fromPromise<void, TwoFactorVerifyPayload>(async () => {
      throw new Error('verifyCode must be provided (src/routes/two-factor/two-factor.actor.ts)');
    }),
    loadInfo: fromPromise<TwoFactorInfo>(async () => {
      throw new Error('loadInfo must be provided (src/routes/two-factor/two-factor.actor.ts)');
    }),
    activate: fromPromise<TwoFactorActivation, TwoFactorActivatePayload>(async () => {
      throw new Error('activate must be provided (src/routes/two-factor/two-factor.actor.ts)');
    }),
    complete: fromPromise<void, string>(async () => {
      throw new Error('complete must be provided (src/routes/two-factor/two-factor.actor.ts)');
    }),
    deactivate: fromPromise<void, TwoFactorDeactivatePayload>(async () => {
      throw new Error('deactivate must be provided (src/routes/two-factor/two-factor.actor.ts)');
    }),
  },
  guards: {
    isEnabled: ({ event }) => (event as { output?: TwoFactorInfo }).output?.enabled === true,
    secondFactorMissing: ({ event }) => isSecondFactorMissing((event as { error?: unknown }).error),
  },
  actions: {
    clearError: assign({ error: null }),
    rememberError: assign({ error: ({ event }) => failureMessage((event as { error?: unknown }).error) }),
    forgetActivation: assign({ activation: null }),
  },
}).createMachine({
  id: 'twoFactor',
  context: { credentials: null, info: null, activation: null, error: null, justActivated: false },
  initial: 'idle',
  states: {
    /** Which flow runs is the route's choice (the login page or the settings page). */
    idle: {
      on: {
        'signIn.start': {
          target: 'signIn',
          actions: assign({ credentials: ({ event }) => event.credentials }),
        },
        'manage.start': 'manage',
      },
    },
    signIn: {
      initial: 'entering',
      states: {
        entering: {
          on: { 'code.submit': 'verifying', 'code.cancel': 'cancelled' },
        },
        verifying: {
          tags: ['busy'],
          entry: 'clearError',
          invoke: {
            id: 'verifyCode',
            src: 'verifyCode',
            input: ({ context, event }) => {
              assertEvent(event, 'code.submit');
              return { ...context.credentials!, one_time_password: event.code };
            },
            onDone: 'signedIn',
            onError: { target: 'failed', actions: 'rememberError' },
          },
        },
        failed: {
          on: {
            'code.edit': { target: 'entering', actions: 'clearError' },
            'code.submit': 'verifying',
            'code.cancel': 'cancelled',
          },
        },
        signedIn: { type: 'final' },
        cancelled: { type: 'final' },
      },
    },
    manage: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['busy'],
          entry: 'clearError',
          invoke: {
            id: 'loadInfo',
            src: 'loadInfo',
            onDone: [
              { guard: 'isEnabled', target: 'enabled', actions: assign({ info: ({ event }) => event.output }) },
              { target: 'disabled', actions: assign({ info: ({ event }) => event.output }) },
            ],
            onError: { target: 'loadFailed', actions: 'rememberError' },
          },
        },
        loadFailed: {
          on: { 'info.retry': 'loading' },
        },
        disabled: {
          on: { 'activation.start': 'activation' },
        },
        activation: {
          initial: 'password',
          on: { 'activation.cancel': { target: 'disabled', actions: ['forgetActivation', 'clearError'] } },
          states: {
            password: {
              on: { 'password.submit': 'activating' },
            },
            activating: {
              tags: ['busy'],
              entry: 'clearError',
              invoke: {
                id: 'activate',
                src: 'activate',
                input: ({ event }) => {
                  assertEvent(event, 'password.submit');
                  return event.payload;
                },
                onDone: { target: 'showing', actions: assign({ activation: ({ event }) => event.output }) },
                onError: [secondFactorMissing, { target: 'passwordFailed', actions: 'rememberError' }],
              },
            },
            passwordFailed: {
              on: {
                'password.edit': { target: 'password', actions: 'clearError' },
                'password.submit': 'activating',
              },
            },
            showing: {
              on: { 'activation.next': 'code' },
            },
            code: {
              on: { 'code.submit': 'completing', 'activation.back': 'showing' },
            },
            completing: {
              tags: ['busy'],
              entry: 'clearError',
              invoke: {
                id: 'complete',
                src: 'complete',
                input: ({ event }) => {
                  assertEvent(event, 'code.submit');
                  return event.code;
                },
                onDone: {
                  target: '#twoFactor.manage.enabled',
                  actions: assign({
                    activation: null,
                    justActivated: true,
                    info: ({ context }) => (context.info ? { ...context.info, enabled: true, pending: false } : null),
                  }),
                },
                onError: [secondFactorMissing, { target: 'codeFailed', actions: 'rememberError' }],
              },
            },
            codeFailed: {
              on: {
                'code.edit': { target: 'code', actions: 'clearError' },
                'code.submit': 'completing',
                'activation.back': { target: 'showing', actions: 'clearError' },
              },
            },
          },
        },
        enabled: {
          on: { 'deactivation.start': 'deactivation' },
        },
        deactivation: {
          initial: 'confirming',
          states: {
            confirming: {
              on: {
                'deactivation.confirm': 'deactivating',
                'deactivation.cancel': '#twoFactor.manage.enabled',
              },
            },
            deactivating: {
              tags: ['busy'],
              entry: 'clearError',
              invoke: {
                id: 'deactivate',
                src: 'deactivate',
                input: ({ event }) => {
                  assertEvent(event, 'deactivation.confirm');
                  return event.payload;
                },
                onDone: '#twoFactor.manage.deactivated',
                onError: [secondFactorMissing, { target: 'failed', actions: 'rememberError' }],
              },
            },
            /** Wrong password or code (or no answer): the dialog stays open with the reason. */
            failed: {
              on: {
                'deactivation.confirm': 'deactivating',
                'proof.edit': { target: 'confirming', actions: 'clearError' },
                'deactivation.cancel': { target: '#twoFactor.manage.enabled', actions: 'clearError' },
              },
            },
          },
        },
        /** The token without g2fa is stored; the route signs out (SPEC §4). */
        deactivated: { type: 'final' },
        /** NotAuthenticated: this session never passed two-factor; the route offers a new sign-in. */
        signInAgain: { type: 'final' },
      },
    },
  },
});
