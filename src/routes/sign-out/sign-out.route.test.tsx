import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { agent01, json, tokenFor } from '../../api/test-helpers';
import { clearToken, getClientId, getRedirectUrl, getToken, setRedirectUrl, setToken } from '../../platform/storage/token-storage';
import { fakeApi, noContent } from '../testing/network';
import { renderApp } from '../testing/render-app';

beforeEach(() => {
  setToken(tokenFor('0'));
  clearToken();
});
afterEach(() => vi.unstubAllGlobals());

describe('logout', () => {
  it('revokes the session, clears session storage but the client id, and ends on /login', async () => {
    const token = tokenFor('1');
    setToken(token);
    sessionStorage.setItem('keep_on_screen', 'true');
    const clientId = getClientId();
    const net = fakeApi({ 'POST /api/auth/logout': noContent, 'GET /api/users/current': () => json(agent01) });
    const { router } = renderApp('/logout');
    expect(await screen.findByRole('heading', { name: 'Logging out...' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const calls = net.requests.filter((r) => new URL(r.url).pathname === '/api/auth/logout');
    expect(calls).toHaveLength(1);
    expect(calls[0].headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(getToken()).toBeNull();
    expect(sessionStorage.getItem('keep_on_screen')).toBeNull();
    expect(getClientId()).toBe(clientId);
  });

  it('still signs out locally and goes to the root when the server call fails', async () => {
    setToken(tokenFor('1'));
    setRedirectUrl('/profile');
    fakeApi({ 'POST /api/auth/logout': () => json({ status_code: 500, message: 'boom' }, 500) });
    const { router } = renderApp('/logout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getToken()).toBeNull();
    // The remembered page is dropped; the next sign-in lands on the root path's page.
    expect(['/', '/main']).toContain(getRedirectUrl());
  });

  it('is titled and offers a link to the root path', async () => {
    // The server has not answered yet: the page stays (it leaves for /login once it has).
    setToken(tokenFor('1'));
    fakeApi({ 'POST /api/auth/logout': () => new Promise<Response>(() => undefined) });
    renderApp('/logout');
    const link = await screen.findByRole('link', { name: 'Go to the sign-in page now' });
    expect(link).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Logging out... -- Agent Academy'));
  });

  it('is reached from the setting page logout button', async () => {
    setToken(tokenFor('1'));
    const net = fakeApi({ 'POST /api/auth/logout': noContent, 'GET /api/users/current': () => json(agent01) });
    const { router } = renderApp('/setting');
    await userEvent.click(await screen.findByTestId('logout-button'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(net.requests.some((r) => new URL(r.url).pathname === '/api/auth/logout')).toBe(true);
    expect(getToken()).toBeNull();
  });
});
