import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { AppConfig } from '../../api/schemas/app-config.schema';
import type { IdentityCheck } from '../../api/schemas/identity-checks.schema';
import { failureMessage } from '../shared/submission-error';

/** SPEC §6: app configuration `continualAuthentication`; min and max count units of unitSeconds. */
export type ContinualAuthSettings = AppConfig['appEnabledFunction']['continualAuthentication'];

/** SPEC §2: the modal's variant, chosen by the caller. */
export type ChallengeType = IdentityCheck['type'];

/** What the learner is viewing while prompted (identity-check evidence, SPEC §4). */
export interface ContentRef {
  courseId: string | null;
  itemId: string | null;
}

export interface CheckIdentityInput extends ContentRef {
  type: ChallengeType;
  /** The password or the one-time code, as typed. */
  answer: string;
}

export interface ContinualAuthInput {
  settings: ContinualAuthSettings;
}

export interface ContinualAuthContext {
  settings: ContinualAuthSettings;
  /** Registered ids (a learning page registers its own while it is shown). */
  ids: string[];
  /** The id (and its content) whose schedule runs: the one checked when the delay ends. */
  current: (ContentRef & { id: string }) | null;
  /** SPEC §4 flags: both reset by any stop. */
  enabled: boolean;
  started: boolean;
  /** The delay of the pending prompt, ms. */
  delayMs: number;
  /** The next delay may not be longer than this (ms): the server's verification ends sooner (ADR 012). */
  capMs: number | null;
  /** The open prompt: manual ones can be cancelled and restart no timer. */
  prompt: (ContentRef & { manual: boolean }) | null;
  type: ChallengeType;
  /** The server's message after a wrong answer; null with `failed` means a generic failure. */
  error: string | null;
  /** Answers checked by the server (each is recorded as evidence). */
  answered: number;
  /** How the last prompt closed: true = identity confirmed. */
  result: boolean | null;
}

export type ContinualAuthEvent =
  | ({ type: 'ca.enable'; id: string } & Partial<ContentRef>)
  /** Without an id: every id. */
  | { type: 'ca.stop'; id?: string }
  /** The learner asks to verify now (cancellable; only while not started). */
  | ({ type: 'ca.manual' } & Partial<ContentRef>)
  /** Logout closes every dialog: the prompt goes without a result and everything stops. */
  | { type: 'ca.dismiss' }
  /** The server says how long the learner's identity still counts as verified (ADR 012): a
   * prompt due later than that comes sooner, so no credited second is lost. */
  | { type: 'ca.verified'; remainingMs: number }
  | { type: 'check.submit'; answer: string }
  | { type: 'check.cancel' };

/** The current user could not be read for the password check (SPEC §8: alert, then close). */
export class UserUnavailableError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('error: fail to get username', options);
    this.name = 'UserUnavailableError';
  }
}

/**
 * SPEC §9: a random whole number of units, at least min and below max (just min when the range
 * is empty). `random` is in [0, 1), like Math.random.
 */
export function promptDelayMs(settings: ContinualAuthSettings, random: number): number {
  const span = Math.max(0, settings.max - settings.min);
  const units = settings.min + Math.min(span - 1, Math.floor(random * span));
  return Math.max(settings.min, units) * settings.unitSeconds * 1000;
}

/** A prompt comes this long before the server's verification ends (clock differences, a slow answer). */
export const VERIFIED_MARGIN_MS = 5_000;

const refOf = (event: Partial<ContentRef>): ContentRef => ({ courseId: event.courseId ?? null, itemId: event.itemId ?? null });

/**
 * SPEC §4 "Continual authentication": ids are enabled one by one; the first starts the schedule
 * (once at a time); after `randomDelay` the id is checked and, still registered, the timer and
 * the video pause and the non-cancellable prompt opens; its close restarts the timer and schedules
 * the next one. The prompt's form (SPEC §2 modal) is the `prompting` substates. Effects are
 * placeholders provided by src/routes/continual-auth/continual-auth.actor.ts.
 */
export const continualAuthMachine = setup({
  types: {
    input: {} as ContinualAuthInput,
    context: {} as ContinualAuthContext,
    events: {} as ContinualAuthEvent,
  },
  actors: {
    /** 'authenticator' when the user has two-factor on, else 'password'. */
    challengeType: fromPromise<ChallengeType>(async () => {
      throw new Error('challengeType must be provided (src/routes/continual-auth/continual-auth.actor.ts)');
    }),
    /** Resolves when the server accepts the answer; rejects with a SubmissionError or UserUnavailableError. */
    checkIdentity: fromPromise<void, CheckIdentityInput>(async () => {
      throw new Error('checkIdentity must be provided (src/routes/continual-auth/continual-auth.actor.ts)');
    }),
  },
  delays: {
    randomDelay: ({ context }) => context.delayMs,
  },
  guards: {
    featureOn: ({ context }) => context.settings.enabled,
    isStarted: ({ context }) => context.started,
    notStarted: ({ context }) => !context.started,
    currentRegistered: ({ context }) => context.current !== null && context.ids.includes(context.current.id),
    isManual: ({ context }) => context.prompt?.manual === true,
    manualOnly: ({ context }) => context.prompt?.manual === true && !context.started,
    hasAnswer: ({ event }) => {
      assertEvent(event, 'check.submit');
      return event.answer.trim() !== '';
    },
    /** The server's verification ends before the pending prompt would come. */
    dueSooner: ({ context, event }) => {
      assertEvent(event, 'ca.verified');
      return event.remainingMs - VERIFIED_MARGIN_MS < context.delayMs;
    },
    userUnavailable: ({ event }) => (event as { error?: unknown }).error instanceof UserUnavailableError,
  },
  actions: {
    /** The shown lesson's on-screen timer and video player: provided in src/routes/continual-auth. */
    pauseTimer: () => undefined,
    restartTimer: () => undefined,
    pauseVideo: () => undefined,
    restartVideo: () => undefined,
    alertNoUser: () => {
      throw new Error('alertNoUser must be provided (src/routes/continual-auth/continual-auth.actor.ts)');
    },
    /** Sets the next delay (Math.random by default; tests provide their own), never past the cap. */
    pickRandomDelay: assign({ delayMs: ({ context }) => Math.min(promptDelayMs(context.settings, Math.random()), context.capMs ?? Infinity), capMs: null }),
    capDelay: assign(({ event }) => {
      assertEvent(event, 'ca.verified');
      return { capMs: Math.max(0, event.remainingMs - VERIFIED_MARGIN_MS) };
    }),
    register: assign(({ context, event }) => {
      assertEvent(event, 'ca.enable');
      return { ids: context.ids.includes(event.id) ? context.ids : [...context.ids, event.id], enabled: true };
    }),
    start: assign(({ event }) => {
      assertEvent(event, 'ca.enable');
      return { started: true, current: { id: event.id, ...refOf(event) } };
    }),
    /** A schedule starts with this id unless one runs (the open prompt's close then schedules it). */
    startUnlessStarted: assign(({ context, event }) => {
      assertEvent(event, 'ca.enable');
      if (context.started || !context.settings.enabled) return {};
      return { started: true, current: { id: event.id, ...refOf(event) } };
    }),
    /** SPEC §4: stop one id, or all without one; either way both flags reset. */
    stop: assign(({ context, event }) => {
      assertEvent(event, ['ca.stop', 'ca.dismiss']);
      const id = event.type === 'ca.stop' ? event.id : undefined;
      return { ids: id === undefined ? [] : context.ids.filter((x) => x !== id), enabled: false, started: false };
    }),
    resetFlags: assign({ enabled: false, started: false }),
    openScheduled: assign(({ context }) => ({
      prompt: { manual: false, courseId: context.current?.courseId ?? null, itemId: context.current?.itemId ?? null },
      result: null,
      error: null,
    })),
    openManual: assign(({ event }) => {
      assertEvent(event, 'ca.manual');
      return { prompt: { manual: true, ...refOf(event) }, result: null, error: null };
    }),
    closePrompt: assign({ prompt: null }),
    closeWith: assign((_, params: { result: boolean }) => ({ result: params.result, error: null })),
    countAnswer: assign({ answered: ({ context }) => context.answered + 1 }),
  },
}).createMachine({
  id: 'continualAuth',
  context: ({ input }) => ({
    settings: input.settings,
    ids: [],
    current: null,
    enabled: false,
    started: false,
    delayMs: 0,
    capMs: null,
    prompt: null,
    type: 'password',
    error: null,
    answered: 0,
    result: null,
  }),
  initial: 'idle',
  states: {
    /** Not started: nothing is scheduled. */
    idle: {
      on: {
        'ca.enable': { guard: 'featureOn', target: 'scheduled', actions: ['register', 'start'] },
        'ca.stop': { actions: 'stop' },
        'ca.manual': { target: 'prompting', actions: 'openManual' },
      },
    },
    /** Started: the next prompt is due after the random delay. */
    scheduled: {
      entry: 'pickRandomDelay',
      after: {
        randomDelay: [
          { guard: 'currentRegistered', target: 'prompting', actions: ['pauseTimer', 'openScheduled'] },
          // Its page went while a prompt was open: nothing to guard any more.
          { target: 'idle', actions: 'resetFlags' },
        ],
      },
      on: {
        // Once at a time: a running schedule only registers the id.
        'ca.enable': [
          { guard: 'isStarted', actions: 'register' },
          { target: 'scheduled', reenter: true, actions: ['register', 'start'] },
        ],
        'ca.verified': { guard: 'dueSooner', target: 'scheduled', reenter: true, actions: 'capDelay' },
        // Leaving the state drops the pending delay.
        'ca.stop': { target: 'idle', actions: 'stop' },
        'ca.manual': { guard: 'notStarted', target: 'prompting', actions: 'openManual' },
      },
    },
    /** The modal (SPEC §2): it is answered, not dismissed. */
    prompting: {
      tags: ['prompting'],
      entry: 'pauseVideo',
      initial: 'preparing',
      on: {
        'ca.enable': { actions: ['register', 'startUnlessStarted'] },
        // The prompt stays until answered; its close then finds the id gone.
        'ca.stop': { actions: 'stop' },
        'ca.dismiss': { target: 'idle', actions: ['stop', 'closePrompt'] },
      },
      states: {
        preparing: {
          tags: ['busy'],
          invoke: {
            id: 'challengeType',
            src: 'challengeType',
            onDone: { target: 'editing', actions: assign({ type: ({ event }) => event.output }) },
            // The password check works for every account.
            onError: { target: 'editing', actions: assign({ type: 'password' as const }) },
          },
        },
        editing: {
          on: {
            'check.submit': { guard: 'hasAnswer', target: 'checking' },
            'check.cancel': { guard: 'isManual', target: 'done', actions: { type: 'closeWith', params: { result: false } } },
          },
        },
        checking: {
          tags: ['busy'],
          invoke: {
            id: 'checkIdentity',
            src: 'checkIdentity',
            input: ({ context, event }) => {
              assertEvent(event, 'check.submit');
              return { type: context.type, answer: event.answer, courseId: context.prompt?.courseId ?? null, itemId: context.prompt?.itemId ?? null };
            },
            onDone: { target: 'done', actions: [{ type: 'closeWith', params: { result: true } }, 'restartVideo', 'countAnswer'] },
            onError: [
              { guard: 'userUnavailable', target: 'done', actions: [{ type: 'closeWith', params: { result: false } }, 'alertNoUser'] },
              {
                target: 'failed',
                actions: [assign({ error: ({ event }) => failureMessage(event.error) }), 'countAnswer'],
              },
            ],
          },
        },
        /** The server refused the answer: its message shows under the field. */
        failed: {
          on: {
            'check.submit': { guard: 'hasAnswer', target: 'checking' },
            'check.cancel': { guard: 'isManual', target: 'done', actions: { type: 'closeWith', params: { result: false } } },
          },
        },
        done: { type: 'final' },
      },
      onDone: [
        { guard: 'manualOnly', target: 'idle', actions: 'closePrompt' },
        // A page registered while the manual prompt was open: its schedule starts now.
        { guard: 'isManual', target: 'scheduled', actions: 'closePrompt' },
        { target: 'scheduled', actions: ['restartTimer', 'closePrompt'] },
      ],
    },
  },
});
