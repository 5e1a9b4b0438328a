import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { agent01, json, tokenFor } from '../../api/test-helpers';
import { clearToken, setToken } from '../../platform/storage/token-storage';
import { fakeApi, type Handler } from '../testing/network';
import { renderApp } from '../testing/render-app';

const manager01 = { ...agent01, id: '4', external_id: 'manager01', name: 'Cheung Wai Kit', manager_id: 'M0001', is_manager: true, unread_notifications_count: 0 };
const created = { id: '42', external_id: 'R0412345', name: 'Tam Ka Ho', email: 'ka.ho@personal.test', kind: 'pre_recruit', upline: { external_id: 'manager01', name: 'Cheung Wai Kit', manager_id: 'M0001' } };

function server(create: Handler, user = manager01) {
  setToken(tokenFor(user.id));
  return fakeApi({ 'GET /api/users/current': () => json(user), 'POST /api/recruit_accounts': create });
}

async function fill(surname: string, given: string, email: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByLabelText('Pre-recruit'));
  await user.type(screen.getByLabelText('Surname'), surname);
  await user.type(screen.getByLabelText('Given name'), given);
  await user.type(screen.getByLabelText('Personal email'), email);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
  return user;
}

beforeEach(() => clearToken());
afterEach(() => vi.unstubAllGlobals());

describe('/management/recruits', () => {
  it("creates the account with the manager's own code filled in, and offers another", async () => {
    const net = server(() => json(created, 201));
    renderApp('/management/recruits');
    expect(await screen.findByLabelText('Manager code')).toHaveValue('M0001');
    // Issue 43: the manager's own code, not to be changed.
    expect(screen.getByLabelText('Manager code')).toHaveAttribute('readonly');
    expect(screen.getByText('Recruits are created under your own manager code.')).toBeInTheDocument();
    const user = await fill('Tam', 'Ka Ho', 'ka.ho@personal.test');
    expect(await screen.findByRole('status')).toHaveTextContent('The account R0412345 (Tam Ka Ho) was created under Cheung Wai Kit. Its first sign-in details were sent to ka.ho@personal.test.');
    expect(JSON.parse(net.lastBody() ?? '{}')).toEqual({ surname: 'Tam', given_name: 'Ka Ho', email: 'ka.ho@personal.test', manager_code: 'M0001', kind: 'pre_recruit' });
    await waitFor(() => expect(document.title).toBe('Create a recruit account -- Agent Academy'));
    await user.click(screen.getByRole('button', { name: 'Create another account' }));
    expect(await screen.findByLabelText('Surname')).toHaveValue('');
  });

  it('checks the name rules before sending, and shows the server’s §8 message', async () => {
    const net = server(() => json({ status_code: 409, message: 'This email is already used by another account.' }, 409));
    renderApp('/management/recruits');
    const user = await fill('Tam1', 'Ka Ho', 'ka.ho@personal.test');
    expect(await screen.findByText('The name must be in English letters and spaces only, at least two words, as on the ID document.')).toBeInTheDocument();
    expect(net.fetchMock.mock.calls.some(([input]) => String(input instanceof Request ? input.url : input).includes('recruit_accounts'))).toBe(false);
    await user.clear(screen.getByLabelText('Surname'));
    await user.type(screen.getByLabelText('Surname'), 'Tam');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This email is already used by another account.');
  });

  it('sends anyone but a manager to /main', async () => {
    server(() => json(created, 201), { ...manager01, manager_id: null, is_manager: false } as unknown as typeof manager01);
    const { router } = renderApp('/management/recruits');
    await waitFor(() => expect(router.state.location.pathname).toBe('/main'));
  });
});
