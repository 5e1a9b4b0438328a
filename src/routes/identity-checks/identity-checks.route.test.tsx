import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { agent01, json, tokenFor } from '../../api/test-helpers';
import { clearToken, setToken } from '../../platform/storage/token-storage';
import { fakeApi } from '../testing/network';
import { renderApp } from '../testing/render-app';

const check = (id: string) => ({ id, type: 'password', outcome: 'success', course_id: '1', item_id: null, created_at: '2026-01-05T09:00:00.000Z' });
const params = (r: Request) => Object.fromEntries(new URL(r.url).searchParams);
const listed = (net: ReturnType<typeof fakeApi>) => net.requests.filter((r) => new URL(r.url).pathname === '/api/identity-checks');

beforeEach(() => {
  setToken(tokenFor('0'));
  clearToken();
  setToken(tokenFor('1'));
});
afterEach(() => vi.unstubAllGlobals());

describe('identity check history page', () => {
  it('a failure says so and Try again loads the page again', async () => {
    let fail = true;
    const net = fakeApi({
      'GET /api/users/current': () => json(agent01),
      'GET /api/identity-checks': () => (fail ? json({ status_code: 503, message: 'later' }, 503) : json({ data: [check('1')], page: 1, per_page: 10, total: 1 })),
    });
    renderApp('/profile/identity-checks');
    expect(await screen.findByRole('alert')).toHaveTextContent('The identity checks could not be loaded.');
    fail = false;
    await userEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('identity-check-row')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(listed(net)).toHaveLength(2);
  });

  it('pages by ?page=: Next asks for the next page and shows it', async () => {
    const net = fakeApi({
      'GET /api/users/current': () => json(agent01),
      'GET /api/identity-checks': (r) => {
        const page = Number(params(r).page);
        return json({ data: [check(String(page))], page, per_page: 10, total: 25 });
      },
    });
    const { router } = renderApp('/profile/identity-checks?page=2');
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(params(listed(net)[0])).toEqual({ page: '2', per_page: '10' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=3');
    await waitFor(() => expect(params(listed(net).at(-1)!)).toEqual({ page: '3', per_page: '10' }));
    expect(listed(net)).toHaveLength(2);
  });
});
