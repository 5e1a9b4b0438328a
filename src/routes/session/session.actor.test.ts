import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { json, text, tokenFor } from '../../api/test-helpers';
import { clearToken, getClientId, getRedirectUrl, getToken, setRedirectUrl, setToken } from '../../platform/storage/token-storage';
import { fakeApi, noContent } from '../testing/network';
import { registerDialog } from './open-dialogs';
import { holdPageLoading } from './page-busy';
import { createSession, tokenTimes, type SessionHandle } from './session.actor';
import { selectSessionTimeoutDialog } from '../../machines/session/session.selectors';

const settings = { enabled: true, timeoutTimeSecond: 20, confirmBoxTimeleftSecond: 8 };
let handle: SessionHandle | null = null;
let navigations: string[] = [];
let alerts: string[] = [];

function start() {
  navigations = [];
  alerts = [];
  handle = createSession({
    settings,
    navigate: (to) => void navigations.push(to),
    translate: (key) => `t(${key})`,
    alert: (message) => void alerts.push(message),
  });
  return handle;
}
const state = () => handle!.actor.getSnapshot().value;
const dialog = () => selectSessionTimeoutDialog(handle!.actor.getSnapshot());

beforeEach(() => {
  // Only the clock the ticker reads: promises, fetch and setTimeout stay real.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  handle?.stop();
  handle = null;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('session wiring', () => {
  it('reads exp and nbf from a token, and nothing from a broken one', () => {
    const token = tokenFor('1', 20);
    const claims = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { exp: number; nbf: number };
    expect(tokenTimes(token)).toEqual({ exp: claims.exp, nbf: claims.nbf });
    expect(tokenTimes('not.a.jwt')).toBeNull();
    expect(tokenTimes(null)).toBeNull();
  });

  it('starts signed in when a valid token is stored (a reload), signed out otherwise', () => {
    start();
    expect(state()).toBe('signedOut');
    handle!.stop();
    setToken(tokenFor('1', -5));
    start();
    expect(state()).toBe('signedOut');
    handle!.stop();
    setToken(tokenFor('1', 20));
    start();
    expect(state()).toBe('signedIn');
  });

  it('ticks every second on the wall clock: the box opens 8 s before expiry and counts down', () => {
    setToken(tokenFor('1', 20));
    start();
    vi.advanceTimersByTime(11_000);
    expect(dialog().open).toBe(false);
    vi.advanceTimersByTime(1_000);
    expect(dialog()).toEqual({ open: true, secondsLeft: 8, busy: false });
    vi.advanceTimersByTime(3_000);
    expect(dialog().secondsLeft).toBe(5);
  });

  it('checks at once when the tab shows again (a hidden tab gets late ticks)', () => {
    setToken(tokenFor('1', 20));
    start();
    // The interval did not run (throttled), but the wall clock moved on.
    vi.setSystemTime(Date.now() + 15_000);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(dialog()).toEqual({ open: true, secondsLeft: 5, busy: false });
  });

  it('Continue renews the stored token without restarting itself; Leave opens /logout and logs out', async () => {
    // Issued when asked, like the server: 20 s from the refresh.
    let renewed = '';
    const net = fakeApi({ 'POST /api/auth/refresh': () => text((renewed = tokenFor('1', 20))), 'POST /api/auth/logout': noContent });
    setToken(tokenFor('1', 20));
    const clientId = getClientId();
    setRedirectUrl('/profile');
    const closed = vi.fn();
    registerDialog(closed);
    start();
    vi.advanceTimersByTime(12_000);
    const child = handle!.actor.getSnapshot().children.idleTimeout!;
    handle!.actor.send({ type: 'dialog.continue' });
    await waitFor(child, (s) => s.matches('watching'));
    expect(getToken()).toBe(renewed);
    // The same child: its own refresh is not "a token refreshed elsewhere".
    expect(handle!.actor.getSnapshot().children.idleTimeout).toBe(child);

    vi.advanceTimersByTime(11_000);
    expect(dialog().open).toBe(false);
    vi.advanceTimersByTime(1_000);
    expect(dialog()).toEqual({ open: true, secondsLeft: 8, busy: false });
    handle!.actor.send({ type: 'dialog.leave' });
    await waitFor(handle!.actor, (s) => s.matches('signedOut'));
    expect(navigations).toEqual(['/logout', '/']);
    expect(net.requests.map((r) => new URL(r.url).pathname)).toEqual(['/api/auth/refresh', '/api/auth/logout']);
    expect(getToken()).toBeNull();
    expect(getRedirectUrl()).toBeNull();
    expect(getClientId()).toBe(clientId);
    expect(closed).toHaveBeenCalledOnce();
    expect(alerts).toEqual([]);
  });

  it("a failed Continue removes the token and alerts 'JWT Token Expired' before /logout", async () => {
    fakeApi({ 'POST /api/auth/refresh': () => json({ status_code: 500, message: 'boom' }, 500) });
    setToken(tokenFor('1', 20));
    start();
    vi.advanceTimersByTime(12_000);
    handle!.actor.send({ type: 'dialog.continue' });
    await waitFor(handle!.actor, (s) => s.matches('signedOut'));
    expect(alerts).toEqual(['t(session:token_expired)']);
    expect(navigations).toEqual(['/logout', '/']);
    expect(getToken()).toBeNull();
  });

  it('an expired token when the box would open: the session_expired alert', async () => {
    fakeApi({ 'POST /api/auth/logout': noContent });
    setToken(tokenFor('1', 20));
    start();
    vi.setSystemTime(Date.now() + 40_000);
    window.dispatchEvent(new Event('focus'));
    await waitFor(handle!.actor, (s) => s.matches('signedOut'));
    expect(alerts).toEqual(['t(common:session_expired)']);
  });

  it('a loading page or keep_on_screen renews silently at the threshold', async () => {
    let renewed = '';
    fakeApi({ 'POST /api/auth/refresh': () => text((renewed = tokenFor('1', 20))) });
    setToken(tokenFor('1', 20));
    start();
    const release = holdPageLoading();
    vi.advanceTimersByTime(12_000);
    await vi.waitFor(() => expect(renewed && getToken()).toBe(renewed));
    release();
    expect(dialog().open).toBe(false);

    sessionStorage.setItem('keep_on_screen', 'true');
    let again = '';
    fakeApi({ 'POST /api/auth/refresh': () => text((again = tokenFor('1', 20))) });
    vi.advanceTimersByTime(12_000);
    await vi.waitFor(() => expect(again && getToken()).toBe(again));
    expect(dialog().open).toBe(false);
  });

  it('device expiry: the server message as the alert, then the logout', async () => {
    fakeApi({ 'POST /api/auth/logout': () => json({ status_code: 401, message: 'The device has been expired' }, 401) });
    setToken(tokenFor('1', 20));
    start();
    handle!.deviceExpired('The device has been expired');
    await waitFor(handle!.actor, (s) => s.matches('signedOut'));
    expect(alerts).toEqual(['The device has been expired']);
    expect(navigations).toEqual(['/logout', '/']);
    expect(getToken()).toBeNull();
  });

  it('follows the stored token: removed elsewhere signs out quietly, replaced elsewhere restarts the timer', () => {
    setToken(tokenFor('1', 20));
    start();
    const child = handle!.actor.getSnapshot().children.idleTimeout;
    setToken(tokenFor('1', 60));
    expect(handle!.actor.getSnapshot().children.idleTimeout).not.toBe(child);
    vi.advanceTimersByTime(12_000);
    expect(dialog().open).toBe(false);
    clearToken();
    expect(state()).toBe('signedOut');
    expect(navigations).toEqual([]);
  });

  it('signedIn() after a sign-in starts the session with the stored token', () => {
    start();
    setToken(tokenFor('1', 20));
    expect(state()).toBe('signedOut');
    handle!.signedIn();
    expect(state()).toBe('signedIn');
    expect(handle!.actor.getSnapshot().context.token).toEqual(tokenTimes(getToken()));
  });
});
