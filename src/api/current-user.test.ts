import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getCurrentUserState,
  loadCurrentUser,
  markPasswordReset,
  setUnreadNotificationsCount,
  peekCurrentUser,
  replaceCurrentUser,
  subscribeCurrentUser,
} from './current-user';
import type { CurrentUser } from './schemas/users.schema';
import { clearToken, setToken } from '../platform/storage/token-storage';
import { agent01, json, stubFetch, tokenFor } from './test-helpers';

/** A fetch that answers users/current only when the test releases it. */
function gatedUsersCurrent(user: Record<string, unknown> = agent01) {
  const gates: Array<() => void> = [];
  const net = stubFetch(
    () =>
      new Promise<Response>((resolve) => {
        gates.push(() => resolve(json(user)));
      }),
  );
  return { net, release: () => gates.splice(0).forEach((open) => open()) };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  // Start every test from "signed out" so no user leaks between tests.
  setToken(tokenFor('0'));
  clearToken();
});
afterEach(() => vi.unstubAllGlobals());

describe('current user', () => {
  it('is loaded once per token: later calls reuse it without fetching', async () => {
    setToken(tokenFor('1'));
    const net = stubFetch(() => json(agent01));
    await expect(loadCurrentUser()).resolves.toEqual(agent01);
    await expect(loadCurrentUser()).resolves.toEqual(agent01);
    expect(net.fetchMock).toHaveBeenCalledTimes(1);
    expect(peekCurrentUser()).toEqual(agent01);
  });

  it('shares one in-flight fetch between concurrent callers', async () => {
    setToken(tokenFor('1'));
    const { net, release } = gatedUsersCurrent();
    const callers = [loadCurrentUser(), loadCurrentUser(), loadCurrentUser()];
    await flush();
    expect(getCurrentUserState().loading).toBe(true);
    release();
    const users = await Promise.all(callers);
    expect(net.fetchMock).toHaveBeenCalledTimes(1);
    expect(users.every((u) => u === users[0])).toBe(true);
    expect(getCurrentUserState()).toEqual({ user: agent01, loading: false, error: null });
  });

  it('is reloaded when the token changes', async () => {
    setToken(tokenFor('1'));
    const net = stubFetch(() => json(agent01));
    await loadCurrentUser();
    const second = tokenFor('1', 900);
    setToken(second);
    await loadCurrentUser();
    expect(net.fetchMock).toHaveBeenCalledTimes(2);
    expect(net.last().headers.get('Authorization')).toBe(`Bearer ${second}`);
  });

  it('reloads by itself on a token change while someone is watching', async () => {
    setToken(tokenFor('1'));
    const net = stubFetch(() => json(agent01));
    const seen = vi.fn();
    const stop = subscribeCurrentUser(seen);
    await loadCurrentUser();
    setToken(tokenFor('1', 900));
    await vi.waitFor(() => expect(net.fetchMock).toHaveBeenCalledTimes(2));
    // Same person: the name stays on screen during the reload instead of flashing away.
    expect(seen.mock.calls.every(([s]) => s.user === null || s.user.id === '1')).toBe(true);
    expect(peekCurrentUser()).toEqual(agent01);
    stop();
  });

  it('forgets the user of another token at once', async () => {
    setToken(tokenFor('1'));
    stubFetch(() => json(agent01));
    await loadCurrentUser();
    setToken(tokenFor('2'));
    expect(peekCurrentUser()).toBeNull();
    clearToken();
    expect(getCurrentUserState().user).toBeNull();
  });

  it('drops an answer that arrives after its token was replaced', async () => {
    setToken(tokenFor('1'));
    const { release } = gatedUsersCurrent();
    const stale = loadCurrentUser();
    await flush();
    setToken(tokenFor('2'));
    release();
    await stale;
    expect(getCurrentUserState().user).toBeNull();
  });

  it('rejects without a token and records a failed load', async () => {
    await expect(loadCurrentUser()).rejects.toMatchObject({ status: 401 });
    setToken(tokenFor('1'));
    stubFetch(() => json({ status_code: 500, message: 'down' }, 500));
    await expect(loadCurrentUser()).rejects.toMatchObject({ status: 500 });
    expect(getCurrentUserState()).toMatchObject({ user: null, loading: false });
    expect(getCurrentUserState().error).toMatchObject({ message: 'down' });
  });

  it('markPasswordReset flags the loaded user and tells subscribers', async () => {
    setToken(tokenFor('1'));
    stubFetch(() => json({ ...agent01, password_reset: false }));
    await loadCurrentUser();
    const seen = vi.fn();
    const stop = subscribeCurrentUser(seen);
    markPasswordReset();
    expect(peekCurrentUser()?.password_reset).toBe(true);
    expect(seen).toHaveBeenCalledWith(expect.objectContaining({ user: expect.objectContaining({ password_reset: true }) }));
    await expect(loadCurrentUser()).resolves.toMatchObject({ password_reset: true });
    stop();
  });

  it('setUnreadNotificationsCount puts the server’s unread count on the loaded user, for the red dot', async () => {
    setToken(tokenFor('1'));
    stubFetch(() => json({ ...agent01, unread_notifications_count: 3 }));
    await loadCurrentUser();
    const seen = vi.fn();
    const stop = subscribeCurrentUser(seen);
    setUnreadNotificationsCount(2);
    expect(peekCurrentUser()?.unread_notifications_count).toBe(2);
    expect(seen).toHaveBeenCalledWith(expect.objectContaining({ user: expect.objectContaining({ unread_notifications_count: 2 }) }));
    stop();
  });

  it('replaceCurrentUser takes the server’s answer after a new picture, only for the same person', async () => {
    setToken(tokenFor('1'));
    stubFetch(() => json(agent01));
    await loadCurrentUser();
    const seen = vi.fn();
    const stop = subscribeCurrentUser(seen);
    replaceCurrentUser({ ...(agent01 as never as CurrentUser), id: 'someone-else', icon_url: '/api/pictures/x.png' });
    expect(seen).not.toHaveBeenCalled();
    replaceCurrentUser({ ...(agent01 as never as CurrentUser), icon_url: '/api/pictures/new.png' });
    expect(peekCurrentUser()?.icon_url).toBe('/api/pictures/new.png');
    expect(seen).toHaveBeenCalledTimes(1);
    stop();
  });
});
