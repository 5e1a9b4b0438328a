import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { agent01, json, tokenFor } from '../../api/test-helpers';
import { peekCurrentUser } from '../../api/current-user';
import { clearToken, setToken } from '../../platform/storage/token-storage';
import { fakeApi, noContent, type Handler } from '../testing/network';
import { renderApp } from '../testing/render-app';

const newjoiner01 = { ...agent01, id: '7', external_id: 'newjoiner01', name: 'Ng Hoi Yan', password_reset: false };

/** The server's user flips once the password is changed (users/current is read again then); a
 * new joiner's welcome is due from then on, unless `welcomed`. */
function server(change: Handler, { welcomed = true }: { welcomed?: boolean } = {}) {
  setToken(tokenFor('7'));
  let changed = false;
  return fakeApi({
    'GET /api/users/current': () => json(changed ? { ...newjoiner01, password_reset: true, welcome_due: !welcomed } : newjoiner01),
    'PUT /api/users/current/password': async (request, body) => {
      const answer = await change(request, body);
      changed ||= answer.status === 204;
      return answer;
    },
  });
}

async function fill(old: string, next: string, confirm: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Current password'), old);
  await user.type(screen.getByLabelText('New password'), next);
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
  return user;
}

beforeEach(() => {
  setToken(tokenFor('0'));
  clearToken();
});
afterEach(() => vi.unstubAllGlobals());

describe('change password (forced reset)', () => {
  it('is where a user who has not reset the password is sent, with a notice', async () => {
    server(noContent);
    const { router } = renderApp('/main');
    expect(await screen.findByText('Please change your password before you continue.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/setting/reset-password');
  });

  it("applies SPEC §5: rules on the new password and 'New passwords don't match'", async () => {
    const net = server(noContent);
    renderApp('/setting/reset-password');
    const user = await fill('Joiner2026', 'short', 'short');
    expect(await screen.findByText('The password must be 8 to 12 characters long.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'alllower2026');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The password must contain at least one uppercase letter.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'Fresh2026ab');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'Fresh2026ac');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText("New passwords don't match")).toBeInTheDocument();
    expect(net.requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it("shows the server's message when the current password is wrong", async () => {
    server(() => json({ status_code: 400, message: 'The current password is incorrect.' }, 400));
    renderApp('/setting/reset-password');
    await fill('Wrong2026', 'Fresh2026ab', 'Fresh2026ab');
    expect(await screen.findByRole('alert')).toHaveTextContent('The current password is incorrect.');
  });

  it('changes the password, flags the user, and lets them in', async () => {
    let sent = '';
    const net = server((_request, body) => ((sent = body), noContent()));
    const { router } = renderApp('/setting/reset-password');
    const user = await fill('Joiner2026', 'Fresh2026ab', 'Fresh2026ab');
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed.');
    const put = net.requests.find((r) => r.method === 'PUT');
    expect(put && new URL(put.url).pathname).toBe('/api/users/current/password');
    expect(JSON.parse(sent)).toEqual({ old_password: 'Joiner2026', new_password: 'Fresh2026ab', confirm_password: 'Fresh2026ab' });
    expect(peekCurrentUser()?.password_reset).toBe(true);
    await user.click(screen.getByRole('link', { name: 'Continue to the home page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main'));
    expect(await screen.findAllByTestId('home-tile')).toHaveLength(5);
  });

  it('reads the user again after the change: a new joiner continues to the welcome (issue 47)', async () => {
    const net = server(noContent, { welcomed: false });
    const { router } = renderApp('/setting/reset-password');
    const user = await fill('Joiner2026', 'Fresh2026ab', 'Fresh2026ab');
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed.');
    expect(net.requests.filter((r) => r.method === 'GET' && new URL(r.url).pathname === '/api/users/current')).toHaveLength(2);
    expect(peekCurrentUser()).toMatchObject({ password_reset: true, welcome_due: true });
    // Still on the page that says the password is changed: the welcome waits for "continue".
    expect(router.state.location.pathname).toBe('/setting/reset-password');
    await user.click(screen.getByRole('link', { name: 'Continue to the home page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Agent Academy' })).toBeInTheDocument();
  });
});
