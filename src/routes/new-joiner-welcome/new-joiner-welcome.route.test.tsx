import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { agent01, json, tokenFor } from '../../api/test-helpers';
import { peekCurrentUser } from '../../api/current-user';
import { clearToken, setToken } from '../../platform/storage/token-storage';
import { fakeApi, type Handler } from '../testing/network';
import { renderApp } from '../testing/render-app';

// Issue 47, ADR 102: the welcome page against a fake server: the dismissal is recorded before the
// learner leaves, a failure is said with a retry and does not hold them back, and once dismissed
// the page opened again from the settings sends nothing.

const joiner = { ...agent01, id: '7', external_id: 'newjoiner01', name: 'Ng Hoi Yan', welcome_due: true };

function server(dismiss: Handler, user = joiner) {
  setToken(tokenFor('7'));
  return fakeApi({ 'GET /api/users/current': () => json(user), 'POST /api/new-joiner-welcome': dismiss });
}
const posts = (net: ReturnType<typeof server>) => net.requests.filter((r) => r.method === 'POST' && new URL(r.url).pathname === '/api/new-joiner-welcome');

beforeEach(() => {
  setToken(tokenFor('0'));
  clearToken();
});
afterEach(() => vi.unstubAllGlobals());

describe('the welcome page (issue 47)', () => {
  it('records the dismissal, then goes to the compulsory courses; the user is no longer due', async () => {
    const net = server(() => json({ due: false }));
    const { router } = renderApp('/welcome');
    await userEvent.click(await screen.findByRole('link', { name: 'My compulsory courses' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses/all'));
    expect(router.state.location.search).toBe('?kind=compulsory');
    expect(posts(net)).toHaveLength(1);
    expect(peekCurrentUser()?.welcome_due).toBe(false);
  });

  it('says a failed record, retries it, and lets the learner go on without it', async () => {
    let fail = true;
    const net = server(() => (fail ? json({ status_code: 500, message: 'down' }, 500) : json({ due: false })));
    const { router } = renderApp('/welcome');
    await userEvent.click(await screen.findByRole('button', { name: 'Start learning' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('the welcome will show again next time you sign in');
    expect(router.state.location.pathname).toBe('/welcome');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main'));
    expect(posts(net)).toHaveLength(2);
  });

  it('goes on after a failure without a second try, and the layout does not bring the learner back in this page load', async () => {
    server(() => json({ status_code: 500, message: 'down' }, 500));
    const { router } = renderApp('/welcome');
    await userEvent.click(await screen.findByRole('button', { name: 'Start learning' }));
    await screen.findByRole('alert');
    await userEvent.click(screen.getByRole('button', { name: 'Start learning' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main'));
    expect(peekCurrentUser()?.welcome_due).toBe(true);
  });

  it('opened again from the settings after it was dismissed: the same content, no record sent', async () => {
    const net = server(() => json({ due: false }), { ...joiner, welcome_due: false });
    const { router } = renderApp('/setting');
    await userEvent.click(await screen.findByRole('link', { name: 'Show the welcome again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Agent Academy' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My learning map' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Start learning' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main'));
    expect(posts(net)).toEqual([]);
  });
});
