import { createActor, fromCallback, fromPromise, type ActorRefFrom, type EventObject } from 'xstate';
import { logout, refreshToken } from '../../api/sign-in.api';
import { clearRedirectUrl, clearSessionKeepClientId, getToken, isLoggedIn, onTokenChange, readClaims } from '../../platform/storage/token-storage';
import { IDLE_CHECK_INTERVAL_MS } from '../../config/constants';
import { idleTimeoutMachine, type TimeoutSettings, type TokenTimes } from '../../machines/idle-timeout/idle-timeout.machine';
import { sessionMachine, type SessionAlert } from '../../machines/session/session.machine';
import { sessionAlertText } from '../../ui/dialogs/session-alert';
import type { SessionChannel } from '../../platform/session-channel';
import { closeAllDialogs } from './open-dialogs';
import { isPageBusy } from './page-busy';
import { syncWithOpenTabs } from './tab-sync';

// The ONE place that wires the session machines to real I/O (DESIGN §2): auth calls, token
// storage, the router, window.alert, the wall clock and the page-busy flag.

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

export interface SessionWiring {
  settings: TimeoutSettings;
  navigate: (to: string, opts?: { replace?: boolean }) => void;
  /** i18next's t, in the current language. */
  translate: (key: string) => string;
  alert?: (message: string) => void;
  now?: () => number;
  /** The other tabs of this browser (ADR 016); null or absent: this tab works alone. */
  channel?: SessionChannel | null;
}

/** What routes use: the actor, and the session's events by name. */
export interface Session {
  actor: SessionActor;
  /** After a sign-in stored its token. */
  signedIn: () => void;
  logout: () => void;
  activity: () => void;
  deviceExpired: (message: string) => void;
}

export interface SessionHandle extends Session {
  /** Stops the actor and its storage listener (tests; the app's session lives as long as the page). */
  stop: () => void;
}

/** The times the idle timeout reads from a token (null when it is not a readable JWT). */
export function tokenTimes(token: string | null): TokenTimes | null {
  const claims = readClaims(token);
  if (!claims) return null;
  const times: TokenTimes = {};
  if (claims.exp !== undefined) times.exp = claims.exp;
  if (claims.nbf !== undefined) times.nbf = claims.nbf;
  return times;
}

/** SPEC §9: a check every second, and one at once when the tab shows again, since a hidden tab's
 * timers are throttled (the machine computes from the tick's time, not from the tick count). */
export function wallClockTicker(now: () => number = Date.now) {
  return fromCallback<EventObject>(({ sendBack }) => {
    const tick = () => sendBack({ type: 'clock.tick', now: now() });
    const onVisibility = () => {
      if (document.visibilityState === 'visible') tick();
    };
    const timer = setInterval(tick, IDLE_CHECK_INTERVAL_MS);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('focus', tick);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('focus', tick);
    };
  });
}

export function createSession({ settings, navigate, translate, alert = (m) => window.alert(m), now, channel = null }: SessionWiring): SessionHandle {
  // The idle timeout's own refresh replaces (or, failing, removes) the stored token: that is not
  // news from elsewhere, and must neither restart nor sign out the session under it.
  let ownRefreshes = 0;

  const machine = sessionMachine.provide({
    actors: {
      idleTimeout: idleTimeoutMachine.provide({
        actors: {
          ticker: wallClockTicker(now),
          refreshToken: fromPromise<TokenTimes | null>(async () => {
            ownRefreshes += 1;
            try {
              return tokenTimes(await refreshToken());
            } finally {
              ownRefreshes -= 1;
            }
          }),
        },
        guards: { isPageBusy: () => isPageBusy() },
      }),
      serverLogout: fromPromise<void>(async () => {
        if (!getToken()) return;
        // The tabs share one session: they all end with it (ADR 016).
        channel?.post({ type: 'session.loggedOut' });
        await logout();
      }),
      showAlert: fromPromise<void, SessionAlert | null>(async ({ input }) => alert(sessionAlertText(input, translate))),
    },
    actions: {
      openLogoutPage: () => navigate('/logout'),
      clearSession: () => clearSessionKeepClientId(),
      clearRedirectUrl: () => clearRedirectUrl(),
      closeDialogs: () => closeAllDialogs(),
      goHome: () => navigate('/', { replace: true }),
    },
  });

  const actor = createActor(machine, { input: { settings } });
  const stopListening = onTokenChange((token) => {
    if (ownRefreshes > 0) return;
    actor.send(token === null ? { type: 'token.cleared' } : { type: 'token.refreshed', token: tokenTimes(token) });
  });
  actor.start();
  const signedIn = () => actor.send({ type: 'session.signedIn', token: tokenTimes(getToken()) });
  // A reload keeps session storage: a valid token means the session goes on.
  if (isLoggedIn(now?.())) signedIn();
  const stopSync = syncWithOpenTabs(
    channel,
    {
      isSignedIn: () => actor.getSnapshot().matches('signedIn'),
      signedIn,
      endedElsewhere: () => actor.send({ type: 'session.endedElsewhere' }),
    },
    now,
  );

  return {
    actor,
    signedIn,
    logout: () => actor.send({ type: 'session.logout' }),
    activity: () => actor.send({ type: 'user.activity' }),
    deviceExpired: (message) => actor.send({ type: 'device.expired', message }),
    stop: () => {
      stopSync();
      stopListening();
      actor.stop();
    },
  };
}
