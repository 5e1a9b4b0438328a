import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { agent01, json, stubFetch, text, tokenFor } from '../../api/test-helpers';
import { clearToken, getRedirectUrl, getToken, setRedirectUrl, setToken } from '../../platform/storage/token-storage';
import { fakeApi, type Handler } from '../testing/network';
import { renderApp } from '../testing/render-app';

const token = tokenFor('1');

function server(login: Handler) {
  return fakeApi({ 'POST /api/auth/login': login, 'GET /api/users/current': () => json(agent01) });
}

async function fill(externalId: string, password: string) {
  const user = userEvent.setup();
  if (externalId) await user.type(screen.getByLabelText('Agent code'), externalId);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

beforeEach(() => {
  setToken(tokenFor('0'));
  clearToken();
});
afterEach(() => vi.unstubAllGlobals());

describe('login page', () => {
  it('shows translated validation messages and sends nothing', async () => {
    const net = server(() => text(token));
    renderApp('/login');
    await screen.findByRole('button', { name: 'Sign in' });
    await fill('', '');
    expect(await screen.findByText('Please enter your agent code.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password.')).toBeInTheDocument();
    expect(screen.getByLabelText('Agent code')).toHaveAttribute('aria-invalid', 'true');
    expect(net.fetchMock).not.toHaveBeenCalled();
  });

  it('validates in the interface language', async () => {
    server(() => text(token));
    renderApp('/login', { lang: 'cn' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入代理人编号。')).toBeInTheDocument();
  });

  it('tells a merged recruit account where its records went (issue 43), and stays', async () => {
    const message = 'This account was merged into agent code agent10; sign in with that account.';
    server(() => json({ status_code: 403, message }, 403));
    const { router } = renderApp('/login');
    await screen.findByRole('button', { name: 'Sign in' });
    await fill('recruit01', 'Recruit2026');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(router.state.location.pathname).toBe('/login');
    expect(getToken()).toBeNull();
  });

  it("shows the server's message in an alert on a wrong password, and stays", async () => {
    server(() => json({ status_code: 400, message: 'Agent code or password is incorrect.' }, 400));
    const { router } = renderApp('/login');
    await screen.findByRole('button', { name: 'Sign in' });
    const user = await fill('agent01', 'Wrong2026x');
    expect(await screen.findByRole('alert')).toHaveTextContent('Agent code or password is incorrect.');
    expect(router.state.location.pathname).toBe('/login');
    expect(getToken()).toBeNull();
    // Editing a field clears the stale message.
    await user.type(screen.getByLabelText('Password'), 'y');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a translated text, not raw exception text, when the server cannot be reached', async () => {
    fakeApi({
      'POST /api/auth/login': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderApp('/login');
    await screen.findByRole('button', { name: 'Sign in' });
    await fill('agent01', 'Learner2026');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).not.toContain('Failed to fetch');
    expect(alert.textContent).toMatch(/server|connection/i);
  });

  it('is busy while signing in, then stores the token and opens /main', async () => {
    let answer!: (r: Response) => void;
    const net = server(() => new Promise<Response>((r) => (answer = r)));
    const { router } = renderApp('/login');
    await screen.findByRole('button', { name: 'Sign in' });
    await fill('agent01', 'Learner2026');
    const busy = await screen.findByRole('button', { name: /Signing in/ });
    expect(busy).toBeDisabled();
    expect(JSON.parse(net.lastBody() ?? '')).toEqual({ external_id: 'agent01', password: 'Learner2026' });
    answer(text(token));
    await screen.findByRole('heading', { name: 'Welcome, Chan Tai Man' });
    expect(router.state.location.pathname).toBe('/main');
    expect(getToken()).toBe(token);
  });

  it('goes to the remembered page after sign-in and forgets it', async () => {
    server(() => text(token));
    setRedirectUrl('/profile');
    const { router } = renderApp('/login');
    await screen.findByRole('button', { name: 'Sign in' });
    await fill('agent01', 'Learner2026');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(getRedirectUrl()).toBeNull();
  });

  it('returns a learner signed out in the middle of a quiz to the same question (issue 13)', async () => {
    stubFetch((request) => {
      const { pathname } = new URL(request.url);
      if (pathname === '/api/auth/login') return text(token);
      if (pathname === '/api/users/current') return json(agent01);
      // The quiz page's own calls stay pending: this test is about where the sign-in goes.
      return new Promise<Response>(() => undefined);
    });
    const { router } = renderApp('/course/5/quiz/7?q=2');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(router.state.location.pathname + router.state.location.search).toBe('/login?q=2');
    expect(getRedirectUrl()).toBe('/course/5/quiz/7');
    await fill('agent01', 'Learner2026');
    await waitFor(() => expect(router.state.location.pathname).toBe('/course/5/quiz/7'));
    expect(router.state.location.search).toBe('?q=2');
    expect(getRedirectUrl()).toBeNull();
  });

  it('links to the forgot-password page and the disclaimer', async () => {
    fakeApi({});
    const { router } = renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    await screen.findByRole('heading', { name: 'Forgot password' });
    expect(router.state.location.pathname).toBe('/forgot-password');
    await user.click(screen.getByRole('link', { name: 'Back to sign in' }));
    await user.click(await screen.findByRole('link', { name: 'Disclaimer' }));
    await screen.findByText(/strictly confidential/);
    expect(router.state.location.pathname).toBe('/disclaimer');
  });

  it('switches and remembers the language', async () => {
    fakeApi({});
    const { i18n } = renderApp('/login');
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByTestId('language-select'), 'zh');
    expect(await screen.findByRole('button', { name: '登入' })).toBeInTheDocument();
    expect(i18n.language).toBe('zh');
    expect(localStorage.getItem('lang')).toBe('zh');
    expect(document.documentElement.lang).toBe('zh-HK');
  });
});
