import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { agent01, json, text, tokenFor } from '../../api/test-helpers';
import { clearToken, getToken, hasPassedTwoFactor, setToken } from '../../platform/storage/token-storage';
import { fakeApi, type Handler } from '../testing/network';
import { renderApp } from '../testing/render-app';

const codeNeeded = () =>
  json({ status_code: 403, message: 'Enter the 6-digit code from your authenticator app.', code: 'MissingCredential' }, 403);
const wrongCode = () =>
  json({ status_code: 400, message: 'The code is incorrect or has already been used. Please enter the current 6-digit code from your authenticator app.' }, 400);
const g2faToken = tokenFor('7', 600, { g2fa: true });

function server(verify: Handler) {
  return fakeApi({
    'POST /api/auth/login': codeNeeded,
    'POST /api/auth/2fa/verify': verify,
    'GET /api/users/current': () => json({ ...agent01, id: '7', external_id: 'agent2fa', name: 'Lam Chi Ho' }),
  });
}

async function signInWithPassword() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Agent code'), 'agent2fa');
  await user.type(screen.getByLabelText('Password'), 'Secure2026');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

beforeEach(() => {
  setToken(tokenFor('0'));
  clearToken();
});
afterEach(() => vi.unstubAllGlobals());

describe('login with two-factor', () => {
  it('asks for the code after MissingCredential, then signs in with 2fa/verify', async () => {
    const net = server(() => text(g2faToken));
    const { router } = renderApp('/login');
    const user = await signInWithPassword();
    const code = await screen.findByLabelText('6-digit code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(getToken()).toBeNull();
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main'));
    expect(getToken()).toBe(g2faToken);
    expect(hasPassedTwoFactor()).toBe(true);
    const verify = net.requests.find((r) => r.url.endsWith('/api/auth/2fa/verify'));
    expect(verify?.method).toBe('POST');
    const bodies = net.requests.map((r) => r.url);
    expect(bodies.filter((u) => u.endsWith('/api/auth/login'))).toHaveLength(1);
  });

  it('sends the same credentials with the code', async () => {
    let sent: unknown = null;
    server((_request, body) => {
      sent = JSON.parse(body);
      return text(g2faToken);
    });
    renderApp('/login');
    const user = await signInWithPassword();
    await user.type(await screen.findByLabelText('6-digit code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(sent).toEqual({ external_id: 'agent2fa', password: 'Secure2026', one_time_password: '654321' }));
  });

  it('checks the code is 6 digits before sending (translated)', async () => {
    const net = server(() => text(g2faToken));
    renderApp('/login');
    const user = await signInWithPassword();
    await user.click(await screen.findByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Please enter the 6-digit code.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('6-digit code'), '12a45');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code must be 6 digits.')).toBeInTheDocument();
    expect(net.requests.some((r) => r.url.endsWith('/2fa/verify'))).toBe(false);
  });

  it("shows the server's message for a wrong code and for the rate limit, and lets the user retry", async () => {
    let answers = [wrongCode(), json({ status_code: 429, message: 'Too many failed attempts. Please try again in 15 min.', code: 'RateLimited' }, 429)];
    server(() => answers.shift() ?? text(g2faToken));
    const { router } = renderApp('/login');
    const user = await signInWithPassword();
    const code = await screen.findByLabelText('6-digit code');
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is incorrect or has already been used.');
    // Editing makes the server's message stale.
    await user.clear(code);
    expect(screen.queryByText(/incorrect/)).toBeNull();
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many failed attempts. Please try again in 15 min.');
    expect(router.state.location.pathname).toBe('/login');
    answers = [];
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main'));
  });

  it('goes back to the password step', async () => {
    server(() => text(g2faToken));
    renderApp('/login');
    const user = await signInWithPassword();
    await user.click(await screen.findByRole('button', { name: 'Use a different account' }));
    expect(await screen.findByLabelText('Agent code')).toHaveValue('');
    expect(screen.queryByLabelText('6-digit code')).toBeNull();
  });
});
