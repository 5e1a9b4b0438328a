import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { agent01, json, text, tokenFor } from '../../api/test-helpers';
import { clearToken, getToken, setToken } from '../../platform/storage/token-storage';
import { demoAppConfig } from '../../config/app-config.defaults';
import type { AppConfig } from '../../api/schemas/app-config.schema';
import { fakeApi, noContent } from '../testing/network';
import { renderApp } from '../testing/render-app';

// The whole app (real routes, layout, session wiring) with a 20 s session whose box opens at 8 s.
const config: AppConfig = {
  ...demoAppConfig,
  appEnabledFunction: { ...demoAppConfig.appEnabledFunction, setTimeoutFunction: { enabled: true, timeoutTimeSecond: 20, confirmBoxTimeleftSecond: 8 } },
};
const advance = (ms: number) => act(() => void vi.advanceTimersByTime(ms));
const path = (r: Request) => new URL(r.url).pathname;

beforeEach(() => {
  // The ticker's interval and the wall clock only: lazy routes, fetch and Testing Library stay real.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  setToken(tokenFor('0'));
  clearToken();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('session in the app', () => {
  it('opens the timeout box 8 s before expiry over the page; Continue renews the token and closes it', async () => {
    const net = fakeApi({ 'GET /api/users/current': () => json(agent01), 'POST /api/auth/refresh': () => text(tokenFor('1', 20)) });
    setToken(tokenFor('1', 20));
    renderApp('/main', { config });
    await screen.findAllByTestId('home-tile');
    await advance(11_000);
    expect(screen.queryByRole('dialog', { name: 'Timeout' })).toBeNull();
    await advance(1_000);
    const dialog = await screen.findByRole('dialog', { name: 'Timeout' });
    expect(dialog).toHaveTextContent('8 seconds left');
    await advance(2_000);
    expect(dialog).toHaveTextContent('6 seconds left');
    // Clicks while the box is open do not renew the session (rule 1).
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Timeout' })).toBeNull());
    expect(net.requests.filter((r) => path(r) === '/api/auth/refresh')).toHaveLength(1);
  });

  it('Leave goes to /logout, revokes the session and ends on /login', async () => {
    const net = fakeApi({ 'GET /api/users/current': () => json(agent01), 'POST /api/auth/logout': noContent });
    setToken(tokenFor('1', 20));
    const { router } = renderApp('/main', { config });
    await screen.findAllByTestId('home-tile');
    await advance(12_000);
    await userEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(net.requests.filter((r) => path(r) === '/api/auth/logout')).toHaveLength(1);
    expect(getToken()).toBeNull();
  });

  it('activity in the layout past the midpoint renews the token silently', async () => {
    const net = fakeApi({ 'GET /api/users/current': () => json(agent01), 'POST /api/auth/refresh': () => text(tokenFor('1', 20)) });
    setToken(tokenFor('1', 20));
    renderApp('/main', { config });
    const tiles = await screen.findAllByTestId('home-tile');
    await advance(5_000);
    fireEvent.wheel(tiles[0]);
    expect(net.requests.some((r) => path(r) === '/api/auth/refresh')).toBe(false);
    // 14 s left: the midpoint of 20 s and 8 s.
    await advance(1_000);
    fireEvent.wheel(tiles[0]);
    await waitFor(() => expect(net.requests.filter((r) => path(r) === '/api/auth/refresh')).toHaveLength(1));
    // The renewed token counts from now: no box at the old threshold.
    await advance(6_000);
    expect(screen.queryByRole('dialog', { name: 'Timeout' })).toBeNull();
  });

  it('a sign-in starts the session', async () => {
    fakeApi({ 'POST /api/auth/login': () => text(tokenFor('1', 20)), 'GET /api/users/current': () => json(agent01) });
    const { router, session } = renderApp('/login', { config });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Agent code'), 'agent01');
    await user.type(screen.getByLabelText('Password'), 'Learner2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main'));
    expect(session.actor.getSnapshot().value).toBe('signedIn');
    await advance(12_000);
    expect(await screen.findByRole('dialog', { name: 'Timeout' })).toBeInTheDocument();
  });
});
