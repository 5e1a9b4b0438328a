import { assertEvent, assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';

/** SPEC §3 "Timeout settings" (appEnabledFunction.setTimeoutFunction). */
export interface TimeoutSettings {
  enabled: boolean;
  /** The token lifetime the timer assumes until a refresh tells the real one. */
  timeoutTimeSecond: number;
  /** The warning threshold (seconds left when the box opens) and where its countdown starts. */
  confirmBoxTimeleftSecond: number;
}

/** The token's timestamps (JWT NumericDate: seconds since the epoch); either may be missing. */
export interface TokenTimes {
  exp?: number;
  nbf?: number;
}

export interface IdleTimeoutInput {
  settings: TimeoutSettings;
  token: TokenTimes | null;
}

export type IdleTimeoutEndReason = 'leave' | 'countdown' | 'expired' | 'refresh_failed';

export interface IdleTimeoutOutput {
  reason: IdleTimeoutEndReason;
}

export interface IdleTimeoutContext {
  enabled: boolean;
  /** Total token lifetime: timeoutTimeSecond at first, exp − nbf after a refresh (rule 4). */
  lifetimeSec: number;
  warningSec: number;
  /** null when the token's expiry cannot be read (rule 7). */
  expMs: number | null;
  countdownEndsAtMs: number | null;
  secondsLeft: number | null;
  /** The time of the latest tick: user activity carries no time of its own. */
  lastNow: number | null;
  endReason: IdleTimeoutEndReason | null;
}

export type IdleTimeoutEvent =
  /** The wall clock, in ms. Sent every second, and at once when the tab becomes visible again. */
  | { type: 'clock.tick'; now: number }
  | { type: 'user.activity' }
  | { type: 'dialog.continue' }
  | { type: 'dialog.leave' };

const expiryMs = (token: TokenTimes | null | undefined): number | null =>
  typeof token?.exp === 'number' && Number.isFinite(token.exp) ? token.exp * 1000 : null;

const tickTime = (event: IdleTimeoutEvent): number => {
  assertEvent(event, 'clock.tick');
  return event.now;
};

/** Whole seconds left on the box: from timestamps, so late ticks (a throttled hidden tab) still
 * show the true time and end the count on time (rule 9). A clock set back never shows more than
 * the count started from. */
const secondsLeftAt = (context: IdleTimeoutContext, now: number): number =>
  Math.min(context.warningSec, Math.max(0, Math.ceil(((context.countdownEndsAtMs ?? now) - now) / 1000)));

const refreshed = (output: unknown): TokenTimes | null => (output && typeof output === 'object' ? (output as TokenTimes) : null);

/**
 * SPEC §4 "Idle timeout (when enabled)", rules 1–9, checked on every `clock.tick` against the
 * token's expiry. Time only moves through ticks: `ticker` is a placeholder that sends none (tests
 * send them by hand); the app provides one that ticks every second. `refreshToken` and
 * `isPageBusy` are provided by src/routes/session/session.actor.ts.
 */
export const idleTimeoutMachine = setup({
  types: {
    input: {} as IdleTimeoutInput,
    context: {} as IdleTimeoutContext,
    events: {} as IdleTimeoutEvent,
    output: {} as IdleTimeoutOutput,
  },
  actors: {
    ticker: fromCallback<EventObject>(() => undefined),
    /** Resolves with the new token's times, or null when the refresh answered nothing. */
    refreshToken: fromPromise<TokenTimes | null>(async () => {
      throw new Error('refreshToken must be provided (src/routes/session/session.actor.ts)');
    }),
  },
  guards: {
    isDisabled: ({ context }) => !context.enabled,
    expiryUnreadable: ({ context }) => context.expMs === null,
    beforeWarning: ({ context, event }) => (context.expMs ?? 0) - tickTime(event) > context.warningSec * 1000,
    /** Page-loading flag set, or keep_on_screen === 'true'. */
    isPageBusy: () => {
      throw new Error('isPageBusy must be provided (src/routes/session/session.actor.ts)');
    },
    isExpired: ({ context, event }) => (context.expMs ?? 0) <= tickTime(event),
    /** Rule 1: remaining ≤ the midpoint between the lifetime and the warning threshold. */
    inReconnectWindow: ({ context }) =>
      context.expMs !== null && context.lastNow !== null && context.expMs - context.lastNow <= ((context.lifetimeSec + context.warningSec) / 2) * 1000,
    countdownOver: ({ context, event }) => secondsLeftAt(context, tickTime(event)) <= 0,
    gotToken: ({ event }) => refreshed((event as { output?: unknown }).output) !== null,
    /** Rule 4: Continue needs both timestamps of the new token. */
    gotTimestamps: ({ event }) => {
      const times = refreshed((event as { output?: unknown }).output);
      return typeof times?.exp === 'number' && typeof times.nbf === 'number';
    },
  },
  actions: {
    recordTick: assign({ lastNow: ({ event }) => tickTime(event) }),
    openCountdown: assign(({ context, event }) => {
      const now = tickTime(event);
      const countdownEndsAtMs = Math.min(now + context.warningSec * 1000, context.expMs ?? now);
      return { countdownEndsAtMs, secondsLeft: secondsLeftAt({ ...context, countdownEndsAtMs }, now) };
    }),
    updateCountdown: assign({ secondsLeft: ({ context, event }) => secondsLeftAt(context, tickTime(event)) }),
    closeCountdown: assign({ countdownEndsAtMs: null, secondsLeft: null }),
    adoptToken: assign(({ context, event }) => {
      const times = refreshed((event as { output?: unknown }).output);
      const lifetime = typeof times?.exp === 'number' && typeof times.nbf === 'number' ? times.exp - times.nbf : null;
      return { expMs: expiryMs(times), lifetimeSec: lifetime !== null && lifetime > 0 ? lifetime : context.lifetimeSec };
    }),
    endBecause: assign((_, params: { reason: IdleTimeoutEndReason }) => ({ endReason: params.reason })),
  },
}).createMachine({
  id: 'idleTimeout',
  context: ({ input }) => ({
    enabled: input.settings.enabled,
    lifetimeSec: input.settings.timeoutTimeSecond,
    warningSec: input.settings.confirmBoxTimeleftSecond,
    expMs: expiryMs(input.token),
    countdownEndsAtMs: null,
    secondsLeft: null,
    lastNow: null,
    endReason: null,
  }),
  // The first tick sorts out "off" and "no expiry" (eventless transitions would hide from the
  // diagram and the model-based coverage).
  initial: 'watching',
  output: ({ context }) => ({ reason: context.endReason ?? 'refresh_failed' }),
  states: {
    watching: {
      invoke: { id: 'ticker', src: 'ticker' },
      on: {
        'clock.tick': [
          { guard: 'isDisabled', target: 'disabled' },
          // Rule 7.
          { guard: 'expiryUnreadable', target: 'stopped' },
          { guard: 'beforeWarning', actions: 'recordTick' },
          // Rule 2.
          { guard: 'isPageBusy', target: 'refreshing', actions: 'recordTick' },
          // Rule 6.
          { guard: 'isExpired', target: 'ended', actions: ['recordTick', { type: 'endBecause', params: { reason: 'expired' } }] },
          // Rule 3: the box opens and the check stops.
          { target: 'prompting', actions: ['recordTick', 'openCountdown'] },
        ],
        // Rule 1 (the box is closed in this state).
        'user.activity': { guard: 'inReconnectWindow', target: 'refreshing' },
      },
    },
    /** Silent refresh; rule 8: one at a time, since nothing else refreshes in this state. */
    refreshing: {
      tags: ['refreshing'],
      invoke: {
        id: 'refreshToken',
        src: 'refreshToken',
        onDone: [
          { guard: 'gotToken', target: 'watching', actions: 'adoptToken' },
          { target: 'ended', actions: { type: 'endBecause', params: { reason: 'refresh_failed' } } },
        ],
        onError: { target: 'ended', actions: { type: 'endBecause', params: { reason: 'refresh_failed' } } },
      },
    },
    prompting: {
      tags: ['prompting'],
      invoke: { id: 'ticker', src: 'ticker' },
      on: {
        'clock.tick': [
          // Rule 5: the count reached 0.
          { guard: 'countdownOver', target: 'ended', actions: ['recordTick', 'updateCountdown', { type: 'endBecause', params: { reason: 'countdown' } }] },
          // Rule 9.
          { actions: ['recordTick', 'updateCountdown'] },
        ],
        'dialog.continue': 'continuing',
        'dialog.leave': { target: 'ended', actions: { type: 'endBecause', params: { reason: 'leave' } } },
      },
    },
    /** Rule 4: the box stays open (busy) while Continue refreshes. */
    continuing: {
      tags: ['prompting', 'busy', 'refreshing'],
      invoke: {
        id: 'refreshToken',
        src: 'refreshToken',
        onDone: [
          { guard: 'gotTimestamps', target: 'watching', actions: ['adoptToken', 'closeCountdown'] },
          { target: 'ended', actions: { type: 'endBecause', params: { reason: 'refresh_failed' } } },
        ],
        onError: { target: 'ended', actions: { type: 'endBecause', params: { reason: 'refresh_failed' } } },
      },
    },
    /** Timeout settings turned off: nothing is checked. */
    disabled: {},
    /** Rule 7: the expiry cannot be read; the timer stops (the session itself goes on). */
    stopped: {},
    ended: { type: 'final' },
  },
});
