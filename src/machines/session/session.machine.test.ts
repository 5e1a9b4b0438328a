import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { waitFor } from '../testing/wait-for';
import { idleTimeoutMachine, type TokenTimes } from '../idle-timeout/idle-timeout.machine';
import { sessionMachine, type SessionAlert } from './session.machine';
import { selectIdleTimeout, selectSessionTimeoutDialog, selectSessionView } from './session.selectors';

// The session with its real idle-timeout child; the child's clock is driven by hand.
const T0 = 1_000_000;
const settings = { enabled: true, timeoutTimeSecond: 20, confirmBoxTimeleftSecond: 8 };
const token: TokenTimes = { nbf: T0 / 1000, exp: T0 / 1000 + 20 };

function start({ refresh = async (): Promise<TokenTimes | null> => ({ nbf: T0 / 1000 + 12, exp: T0 / 1000 + 32 }), logout = async () => {} } = {}) {
  const effects: string[] = [];
  const alerts: Array<SessionAlert | null> = [];
  let refreshes = 0;
  const record = (name: string) => () => void effects.push(name);
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        idleTimeout: idleTimeoutMachine.provide({
          actors: {
            refreshToken: fromPromise(() => {
              refreshes += 1;
              return refresh();
            }),
          },
          guards: { isPageBusy: () => false },
        }),
        serverLogout: fromPromise(async () => {
          effects.push('serverLogout');
          await logout();
        }),
        showAlert: fromPromise<void, SessionAlert | null>(async ({ input }) => void alerts.push(input)),
      },
      actions: Object.fromEntries(['openLogoutPage', 'clearSession', 'clearRedirectUrl', 'closeDialogs', 'goHome'].map((n) => [n, record(n)])),
    }),
    { input: { settings } },
  ).start();
  const child = () => selectIdleTimeout(actor.getSnapshot());
  return {
    actor,
    effects,
    alerts,
    refreshes: () => refreshes,
    child,
    at: (sec: number) => child()?.send({ type: 'clock.tick', now: T0 + sec * 1000 }),
    dialog: () => selectSessionTimeoutDialog(actor.getSnapshot()),
    signedOut: () => waitFor(actor, (s) => s.matches('signedOut')),
  };
}

describe('session machine', () => {
  it('starts signed out with no idle timeout running', () => {
    const s = start();
    expect(selectSessionView(s.actor.getSnapshot())).toEqual({ signedIn: false, alert: null, loggingOut: false });
    expect(s.child()).toBeUndefined();
  });

  it('runs the idle timeout while signed in and forwards activity and the dialog buttons to it', async () => {
    const s = start();
    s.actor.send({ type: 'session.signedIn', token });
    expect(s.child()).toBeDefined();
    s.at(6);
    s.actor.send({ type: 'user.activity' });
    await waitFor(s.child()!, (c) => c.matches('watching'));
    expect(s.refreshes()).toBe(1);
    s.at(26); // 6 s before the renewed token's expiry
    expect(s.dialog()).toEqual({ open: true, secondsLeft: 6, busy: false });
    s.actor.send({ type: 'dialog.continue' });
    expect(s.dialog().busy).toBe(true);
    await waitFor(s.child()!, (c) => c.matches('watching'));
    expect(s.dialog().open).toBe(false);
    expect(s.refreshes()).toBe(2);
  });

  it.each(['dialog.leave', 'countdown'])('%s: opens /logout, logs out, clears everything and goes home', async (how) => {
    const s = start();
    s.actor.send({ type: 'session.signedIn', token });
    s.at(12);
    if (how === 'dialog.leave') s.actor.send({ type: 'dialog.leave' });
    else s.at(20);
    await s.signedOut();
    expect(s.effects).toEqual(['openLogoutPage', 'serverLogout', 'clearSession', 'clearRedirectUrl', 'closeDialogs', 'goHome']);
    expect(s.alerts).toEqual([]);
    expect(s.child()).toBeUndefined();
  });

  it('a failed logout call still clears everything and goes home', async () => {
    const s = start({ logout: async () => Promise.reject(new Error('500')) });
    s.actor.send({ type: 'session.signedIn', token });
    s.actor.send({ type: 'session.logout' });
    await s.signedOut();
    expect(s.effects).toEqual(['serverLogout', 'clearSession', 'clearRedirectUrl', 'closeDialogs', 'goHome']);
  });

  it('an expired token at the threshold: the session_expired alert, then /logout', async () => {
    const s = start();
    s.actor.send({ type: 'session.signedIn', token });
    s.at(30);
    await s.signedOut();
    expect(s.alerts).toEqual([{ kind: 'session_expired' }]);
    expect(s.effects[0]).toBe('openLogoutPage');
  });

  it("a failed Continue: the 'JWT Token Expired' alert, then /logout", async () => {
    const s = start({ refresh: async () => null });
    s.actor.send({ type: 'session.signedIn', token });
    s.at(12);
    s.actor.send({ type: 'dialog.continue' });
    await s.signedOut();
    expect(s.alerts).toEqual([{ kind: 'token_expired' }]);
  });

  it("device expiry alerts the server's message and ends the session", async () => {
    const s = start();
    s.actor.send({ type: 'session.signedIn', token });
    s.actor.send({ type: 'device.expired', message: 'The device has been expired' });
    await s.signedOut();
    expect(s.alerts).toEqual([{ kind: 'server', message: 'The device has been expired' }]);
    expect(s.effects).toContain('goHome');
  });

  it('a token refreshed elsewhere restarts the idle timeout with its times (an open box closes)', () => {
    const s = start();
    s.actor.send({ type: 'session.signedIn', token });
    s.at(12);
    expect(s.dialog().open).toBe(true);
    const before = s.child();
    s.actor.send({ type: 'token.refreshed', token: { nbf: T0 / 1000 + 13, exp: T0 / 1000 + 33 } });
    expect(s.child()).not.toBe(before);
    expect(s.dialog().open).toBe(false);
    s.at(24);
    expect(s.dialog().open).toBe(false);
    s.at(25);
    expect(s.dialog()).toEqual({ open: true, secondsLeft: 8, busy: false });
  });

  it('a token removed elsewhere (401) signs out quietly: no alert, no navigation', () => {
    const s = start();
    s.actor.send({ type: 'session.signedIn', token });
    s.actor.send({ type: 'token.cleared' });
    expect(s.actor.getSnapshot().value).toBe('signedOut');
    expect(s.child()).toBeUndefined();
    expect(s.effects).toEqual([]);
  });

  it('the logout page while signed out still clears what is left', async () => {
    const s = start();
    s.actor.send({ type: 'session.logout' });
    expect(selectSessionView(s.actor.getSnapshot()).loggingOut).toBe(true);
    await s.signedOut();
    expect(s.effects).toEqual(['serverLogout', 'clearSession', 'clearRedirectUrl', 'closeDialogs', 'goHome']);
  });

  it('a logout in another tab of this browser ends this one at once, without a server call of its own (ADR 016)', () => {
    const s = start();
    s.actor.send({ type: 'session.signedIn', token });
    s.actor.send({ type: 'session.endedElsewhere' });
    expect(s.actor.getSnapshot().value).toBe('signedOut');
    expect(s.child()).toBeUndefined();
    expect(s.effects).toEqual(['clearSession', 'clearRedirectUrl', 'closeDialogs', 'goHome']);
    expect(s.actor.getSnapshot().context.token).toBeNull();
    // Signed out already: nothing more to clear, nowhere to go.
    s.actor.send({ type: 'session.endedElsewhere' });
    expect(s.effects).toHaveLength(4);
  });

  it('the placeholders refuse to run unprovided', async () => {
    const actor = createActor(sessionMachine, { input: { settings } });
    const errors: unknown[] = [];
    actor.subscribe({ error: (e) => errors.push(e) });
    actor.start();
    actor.send({ type: 'session.logout' });
    await new Promise((r) => setTimeout(r, 0));
    expect(String(errors[0])).toContain('src/routes/session/session.actor.ts');
  });
});
