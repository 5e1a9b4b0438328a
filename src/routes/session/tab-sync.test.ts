import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { tokenFor } from '../../api/test-helpers';
import { getClientId, getToken, setToken } from '../../platform/storage/token-storage';
import type { SessionChannel, SessionMessage } from '../../platform/session-channel';
import { fakeApi, noContent } from '../testing/network';
import { createSession, type SessionHandle } from './session.actor';
import { ASK_OPEN_TABS_MS, ASK_SIGNED_IN_TAB_MS, joinOpenTabs } from './tab-sync';

// This tab's side of ADR 016: the test plays the browser's other tabs through a fake channel.
function otherTabs() {
  const listeners = new Set<(m: SessionMessage) => void>();
  const posted: SessionMessage[] = [];
  const onPost: Array<(m: SessionMessage) => void> = [];
  const channel: SessionChannel = {
    post: (m) => {
      posted.push(m);
      onPost.forEach((f) => f(m));
    },
    subscribe: (l) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    close: () => listeners.clear(),
  };
  return {
    channel,
    posted,
    /** Another tab says something to this one. */
    say: (m: SessionMessage) => [...listeners].forEach((l) => l(m)),
    whenAsked: (answer: () => void) => onPost.push((m) => m.type === 'session.ask' && answer()),
    listening: () => listeners.size,
  };
}

const settings = { enabled: true, timeoutTimeSecond: 600, confirmBoxTimeleftSecond: 60 };
const OTHER_CLIENT = '9b2f4c1e-0000-4000-8000-000000000001';
let handle: SessionHandle | null = null;
let navigations: string[] = [];

function startSession(channel: SessionChannel) {
  navigations = [];
  handle = createSession({ settings, navigate: (to) => void navigations.push(to), translate: (k) => k, alert: () => {}, channel });
  return handle;
}
const tokenIn = (sec: number, sub = '1') => {
  // A later iat than a token made now (the fake clock moves on).
  vi.setSystemTime(Date.now() + sec * 1000);
  return tokenFor(sub, 600);
};

beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] }));
afterEach(() => {
  handle?.stop();
  handle = null;
  vi.useRealTimers();
});

describe('a new tab joins the open ones', () => {
  it("takes an open tab's token and client id, so it opens signed in as the same browser", async () => {
    const tabs = otherTabs();
    const shared = tokenFor('1');
    tabs.whenAsked(() => {
      tabs.say({ type: 'session.share', token: null, clientId: 'c-signed-out' });
      tabs.say({ type: 'session.share', token: shared, clientId: OTHER_CLIENT });
    });
    await expect(joinOpenTabs(tabs.channel)).resolves.toBe(true);
    expect(getToken()).toBe(shared);
    expect(getClientId()).toBe(OTHER_CLIENT);
    expect(tabs.listening()).toBe(0);
    expect(startSession(tabs.channel).actor.getSnapshot().value).toBe('signedIn');
  });

  it('with no signed-in tab takes the client id of the first answer; with no answer, nothing, after the wait', async () => {
    const tabs = otherTabs();
    tabs.whenAsked(() => tabs.say({ type: 'session.share', token: tokenFor('1', -5), clientId: OTHER_CLIENT }));
    const joined = joinOpenTabs(tabs.channel, { waitMs: 300 });
    vi.advanceTimersByTime(300);
    await expect(joined).resolves.toBe(false);
    expect(getToken()).toBeNull();
    expect(getClientId()).toBe(OTHER_CLIENT);

    const alone = otherTabs();
    const waiting = joinOpenTabs(alone.channel, { waitMs: 300 });
    vi.advanceTimersByTime(300);
    await expect(waiting).resolves.toBe(false);
    expect(alone.posted).toEqual([{ type: 'session.ask' }]);
  });

  it('waits longer for a slow answer when a signed-in tab is open, and only the short wait when none is', async () => {
    const tabs = otherTabs();
    const shared = tokenFor('1');
    const slow = { ...tabs.channel, signedInTabOpen: () => Promise.resolve(true) };
    tabs.whenAsked(() => setTimeout(() => tabs.say({ type: 'session.share', token: shared, clientId: OTHER_CLIENT }), 1_200));
    const joined = joinOpenTabs(slow);
    await vi.advanceTimersByTimeAsync(1_200);
    await expect(joined).resolves.toBe(true);
    expect(getToken()).toBe(shared);

    sessionStorage.clear();
    const none = otherTabs();
    const waiting = joinOpenTabs({ ...none.channel, signedInTabOpen: () => Promise.resolve(false) });
    await vi.advanceTimersByTimeAsync(ASK_OPEN_TABS_MS);
    await expect(waiting).resolves.toBe(false);
    expect(none.posted).toEqual([{ type: 'session.ask' }]);
    expect(ASK_SIGNED_IN_TAB_MS).toBeGreaterThan(ASK_OPEN_TABS_MS);
  });

  it('with no other tab of the app open, decides at once: asks nobody, waits for nothing (ADR 044)', async () => {
    const alone = otherTabs();
    const joined = joinOpenTabs({ ...alone.channel, signedInTabOpen: () => Promise.resolve(false), otherTabOpen: () => Promise.resolve(false) });
    // No timer moves: the answer comes without one.
    await expect(joined).resolves.toBe(false);
    expect(alone.posted).toEqual([]);

    // Another tab open, not signed in: it asks, and takes that tab's client id.
    const other = otherTabs();
    other.whenAsked(() => other.say({ type: 'session.share', token: null, clientId: OTHER_CLIENT }));
    const asked = joinOpenTabs({ ...other.channel, signedInTabOpen: () => Promise.resolve(false), otherTabOpen: () => Promise.resolve(true) });
    await vi.advanceTimersByTimeAsync(ASK_OPEN_TABS_MS);
    await expect(asked).resolves.toBe(false);
    expect(other.posted).toEqual([{ type: 'session.ask' }]);
    expect(getClientId()).toBe(OTHER_CLIENT);
  });

  it('holds the signed-in mark while it has a token, and lets go at logout and when stopped', async () => {
    fakeApi({ 'POST /api/auth/logout': noContent });
    const tabs = otherTabs();
    const marks: boolean[] = [];
    const channel = { ...tabs.channel, holdSignedIn: (held: boolean) => void marks.push(held) };
    setToken(tokenFor('1'));
    const session = startSession(channel);
    expect(marks.at(-1)).toBe(true);
    session.logout();
    await waitFor(session.actor, (s) => s.matches('signedOut'));
    expect(marks.at(-1)).toBe(false);
    setToken(tokenFor('1'));
    expect(marks.at(-1)).toBe(true);
    session.stop();
    handle = null;
    expect(marks.at(-1)).toBe(false);
  });

  it('does not ask when it has a token already (a reload), or when the browser has no channel', async () => {
    await expect(joinOpenTabs(null)).resolves.toBe(false);
    setToken(tokenFor('1'));
    const tabs = otherTabs();
    await expect(joinOpenTabs(tabs.channel)).resolves.toBe(false);
    expect(tabs.posted).toEqual([]);
  });
});

describe('open tabs keep one session', () => {
  it('answers a new tab with its token and client id (no token once expired)', () => {
    const token = tokenFor('1', 20);
    setToken(token);
    const tabs = otherTabs();
    startSession(tabs.channel);
    tabs.say({ type: 'session.ask' });
    expect(tabs.posted.at(-1)).toEqual({ type: 'session.share', token, clientId: getClientId() });
    vi.setSystemTime(Date.now() + 21_000);
    tabs.say({ type: 'session.ask' });
    expect(tabs.posted.at(-1)).toEqual({ type: 'session.share', token: null, clientId: getClientId() });
  });

  it('tells the others of every token it stores, and takes a newer one of theirs without echoing it', () => {
    setToken(tokenFor('1'));
    const tabs = otherTabs();
    const session = startSession(tabs.channel);
    const mine = tokenIn(1);
    setToken(mine);
    expect(tabs.posted).toEqual([{ type: 'session.token', token: mine, clientId: getClientId() }]);

    const theirs = tokenIn(5);
    tabs.say({ type: 'session.token', token: theirs, clientId: getClientId() });
    expect(getToken()).toBe(theirs);
    expect(tabs.posted).toHaveLength(1);
    // The idle timeout restarted with the refreshed token's times: the idle tab keeps working.
    expect(session.actor.getSnapshot().context.token?.exp).toBe(Math.floor(Date.now() / 1000) + 600);
  });

  it("keeps its own token against an older one, or another user's", () => {
    const mine = tokenIn(10);
    setToken(mine);
    const tabs = otherTabs();
    startSession(tabs.channel);
    vi.setSystemTime(Date.now() - 5_000);
    tabs.say({ type: 'session.token', token: tokenFor('1'), clientId: OTHER_CLIENT });
    tabs.say({ type: 'session.token', token: tokenIn(60, '2'), clientId: OTHER_CLIENT });
    expect(getToken()).toBe(mine);
  });

  it('a signed-out tab takes the token of a sign-in in another tab and is signed in too', () => {
    const tabs = otherTabs();
    const session = startSession(tabs.channel);
    const theirs = tokenFor('2');
    tabs.say({ type: 'session.token', token: theirs, clientId: OTHER_CLIENT });
    expect(getToken()).toBe(theirs);
    expect(getClientId()).toBe(OTHER_CLIENT);
    expect(session.actor.getSnapshot().value).toBe('signedIn');
  });

  it('a logout in another tab ends this one: storage cleared (client id kept), home, no server call', async () => {
    const net = fakeApi({ 'POST /api/auth/logout': noContent });
    setToken(tokenFor('1'));
    const clientId = getClientId();
    const tabs = otherTabs();
    const session = startSession(tabs.channel);
    tabs.say({ type: 'session.loggedOut' });
    await waitFor(session.actor, (s) => s.matches('signedOut'));
    expect(getToken()).toBeNull();
    expect(getClientId()).toBe(clientId);
    expect(navigations).toEqual(['/']);
    expect(net.requests).toEqual([]);
    expect(tabs.posted).toEqual([]);
  });

  it('its own logout tells the other tabs', async () => {
    fakeApi({ 'POST /api/auth/logout': noContent });
    setToken(tokenFor('1'));
    const tabs = otherTabs();
    const session = startSession(tabs.channel);
    session.logout();
    await waitFor(session.actor, (s) => s.matches('signedOut'));
    expect(tabs.posted).toEqual([{ type: 'session.loggedOut' }]);
  });
});
