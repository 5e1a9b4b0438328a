import { assertEvent, assign, fromPromise, sendTo, setup } from 'xstate';
import { idleTimeoutMachine, type IdleTimeoutOutput, type TimeoutSettings, type TokenTimes } from '../idle-timeout/idle-timeout.machine';

/** What the alert before the end of a session says (SPEC §8). */
export type SessionAlert =
  /** The translated session_expired text. */
  | { kind: 'session_expired' }
  /** 'JWT Token Expired': a refresh failed or answered nothing. */
  | { kind: 'token_expired' }
  /** The server's own message (device expired). */
  | { kind: 'server'; message: string };

export interface SessionInput {
  settings: TimeoutSettings;
}

export interface SessionContext {
  settings: TimeoutSettings;
  /** Times of the token the idle timeout was started with. */
  token: TokenTimes | null;
  alert: SessionAlert | null;
}

export type SessionEvent =
  /** A sign-in stored a token (or the app started with a valid one). */
  | { type: 'session.signedIn'; token: TokenTimes | null }
  /** Another part of the app replaced the token: the idle timeout restarts with its times. */
  | { type: 'token.refreshed'; token: TokenTimes | null }
  /** The token was removed elsewhere (a 401 answer): the http layer routes to /login itself. */
  | { type: 'token.cleared' }
  /** The logout page (or a logout button) ends the session. */
  | { type: 'session.logout' }
  /** Another tab of this browser ended the shared session (ADR 016): the server already knows,
   * so this tab only clears itself and goes home. */
  | { type: 'session.endedElsewhere' }
  | { type: 'session.expired' }
  /** SPEC §8: a server answer containing 'The device has been expired'. */
  | { type: 'device.expired'; message: string }
  | { type: 'user.activity' }
  | { type: 'dialog.continue' }
  | { type: 'dialog.leave' };

const ended = (event: unknown): IdleTimeoutOutput['reason'] | undefined => (event as { output?: IdleTimeoutOutput }).output?.reason;

/**
 * SPEC §4 "Session": signed out → signed in (the idle timeout runs as the child `idleTimeout`) →
 * [alert] → logging out → signed out; or straight to signed out when another tab ended it. Every effect is a named placeholder, provided by
 * src/routes/session/session.actor.ts: `serverLogout`, `showAlert`, and the actions
 * `openLogoutPage`, `clearSession`, `clearRedirectUrl`, `closeDialogs`, `goHome`.
 */
export const sessionMachine = setup({
  types: {
    input: {} as SessionInput,
    context: {} as SessionContext,
    events: {} as SessionEvent,
    children: {} as { idleTimeout: 'idleTimeout'; serverLogout: 'serverLogout'; showAlert: 'showAlert' },
  },
  actors: {
    idleTimeout: idleTimeoutMachine,
    serverLogout: fromPromise<void>(async () => {
      throw new Error('serverLogout must be provided (src/routes/session/session.actor.ts)');
    }),
    /** Resolves when the user has closed the alert. */
    showAlert: fromPromise<void, SessionAlert | null>(async () => {
      throw new Error('showAlert must be provided (src/routes/session/session.actor.ts)');
    }),
  },
  guards: {
    /** Leave, or the countdown reached 0 (rule 5): straight to /logout. */
    userLeft: ({ event }) => ended(event) === 'leave' || ended(event) === 'countdown',
    /** Rule 6: the token had already expired when the box would open. */
    tokenExpired: ({ event }) => ended(event) === 'expired',
  },
  actions: {
    openLogoutPage: () => {
      throw new Error('openLogoutPage must be provided (src/routes/session/session.actor.ts)');
    },
    clearSession: () => {
      throw new Error('clearSession must be provided (src/routes/session/session.actor.ts)');
    },
    clearRedirectUrl: () => {
      throw new Error('clearRedirectUrl must be provided (src/routes/session/session.actor.ts)');
    },
    closeDialogs: () => {
      throw new Error('closeDialogs must be provided (src/routes/session/session.actor.ts)');
    },
    goHome: () => {
      throw new Error('goHome must be provided (src/routes/session/session.actor.ts)');
    },
    adoptToken: assign({
      token: ({ event }) => {
        assertEvent(event, ['session.signedIn', 'token.refreshed']);
        return event.token;
      },
    }),
    forget: assign({ token: null, alert: null }),
    alertFor: assign((_, params: { alert: SessionAlert }) => ({ alert: params.alert })),
    alertServerMessage: assign({
      alert: ({ event }) => {
        assertEvent(event, 'device.expired');
        return { kind: 'server' as const, message: event.message };
      },
    }),
    forward: sendTo('idleTimeout', ({ event }) => event),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ settings: input.settings, token: null, alert: null }),
  initial: 'signedOut',
  states: {
    signedOut: {
      on: {
        'session.signedIn': { target: 'signedIn', actions: 'adoptToken' },
        // The logout page still clears what a stale token left behind.
        'session.logout': 'loggingOut',
      },
    },
    signedIn: {
      invoke: {
        id: 'idleTimeout',
        src: 'idleTimeout',
        input: ({ context }) => ({ settings: context.settings, token: context.token }),
        onDone: [
          { guard: 'userLeft', target: 'loggingOut', actions: 'openLogoutPage' },
          { guard: 'tokenExpired', target: 'alerting', actions: { type: 'alertFor', params: { alert: { kind: 'session_expired' } } } },
          { target: 'alerting', actions: { type: 'alertFor', params: { alert: { kind: 'token_expired' } } } },
        ],
      },
      on: {
        'user.activity': { actions: 'forward' },
        'dialog.continue': { actions: 'forward' },
        'dialog.leave': { actions: 'forward' },
        // Re-entering restarts the idle timeout with the new token's times.
        'token.refreshed': { target: 'signedIn', reenter: true, actions: 'adoptToken' },
        'session.signedIn': { target: 'signedIn', reenter: true, actions: 'adoptToken' },
        'token.cleared': { target: 'signedOut', actions: 'forget' },
        'session.logout': 'loggingOut',
        'session.endedElsewhere': { target: 'signedOut', actions: ['clearSession', 'clearRedirectUrl', 'closeDialogs', 'forget', 'goHome'] },
        'session.expired': { target: 'alerting', actions: { type: 'alertFor', params: { alert: { kind: 'session_expired' } } } },
        'device.expired': { target: 'alerting', actions: 'alertServerMessage' },
      },
    },
    /** SPEC §4/§8: an alert, then /logout. The idle timeout has stopped (the state was left). */
    alerting: {
      invoke: {
        id: 'showAlert',
        src: 'showAlert',
        input: ({ context }) => context.alert,
        onDone: { target: 'loggingOut', actions: 'openLogoutPage' },
        onError: { target: 'loggingOut', actions: 'openLogoutPage' },
      },
      on: {
        'session.endedElsewhere': { target: 'signedOut', actions: ['clearSession', 'clearRedirectUrl', 'closeDialogs', 'forget', 'goHome'] },
      },
    },
    /** SPEC §4: whether the server call succeeds or not, everything is cleared and the user
     * goes to the root path. */
    loggingOut: {
      tags: ['busy'],
      invoke: {
        id: 'serverLogout',
        src: 'serverLogout',
        onDone: { target: 'signedOut', actions: ['clearSession', 'clearRedirectUrl', 'closeDialogs', 'forget', 'goHome'] },
        onError: { target: 'signedOut', actions: ['clearSession', 'clearRedirectUrl', 'closeDialogs', 'forget', 'goHome'] },
      },
    },
  },
});
