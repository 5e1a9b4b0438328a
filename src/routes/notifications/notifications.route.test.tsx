import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '../../api/schemas/notifications.schema';
import { agent01, json, tokenFor } from '../../api/test-helpers';
import { clearToken, setToken } from '../../platform/storage/token-storage';
import { fakeApi } from '../testing/network';
import { renderApp } from '../testing/render-app';

// Issue 43 item 22: the notification page over a fake server that pages like the real one.

const note = (i: number, over: Partial<Notification> = {}): Notification => ({
  id: String(100 - i),
  kind: 'system_notice',
  sender: null,
  title: `Notice ${i}`,
  body: 'Body',
  created_at: new Date(Date.UTC(2026, 10, 30) - i * 3_600_000).toISOString(),
  read: true,
  about: null,
  ...over,
});

function serve(all: Notification[]) {
  const asked: string[] = [];
  fakeApi({
    'GET /api/users/current': () => json(agent01),
    'GET /api/notifications': (req) => {
      const url = new URL(req.url);
      asked.push(url.search);
      const page = Number(url.searchParams.get('page') ?? 1);
      const perPage = Number(url.searchParams.get('per_page') ?? 12);
      return json({ data: all.slice((page - 1) * perPage, page * perPage), page, per_page: perPage, total: all.length });
    },
  });
  return asked;
}

beforeEach(() => {
  setToken(tokenFor('0'));
  clearToken();
  setToken(tokenFor('1'));
});
afterEach(() => vi.unstubAllGlobals());

describe('/notification', () => {
  it('?page=2 of 17 shows the 7 notifications of page 2', async () => {
    serve(Array.from({ length: 17 }, (_, i) => note(i + 1)));
    renderApp('/notification?page=2');
    await waitFor(() => expect(screen.getAllByTestId('notification')).toHaveLength(7));
    expect(screen.getByRole('heading', { level: 2, name: 'Notice 11' })).toBeInTheDocument();
    expect(screen.queryByText('You have no notifications.')).toBeNull();
  });

  it('?page=2 of 7 (past the last page) shows the last page, never "no notifications"', async () => {
    serve(Array.from({ length: 7 }, (_, i) => note(i + 1)));
    const { router } = renderApp('/notification?page=2');
    await waitFor(() => expect(screen.getAllByTestId('notification')).toHaveLength(7));
    expect(screen.queryByText('You have no notifications.')).toBeNull();
    expect(router.state.location.search).toBe('');
  });

  it('leads each notification to what it is about: a recommendation to its course, a decision to its enrolment', async () => {
    serve([
      note(1, { kind: 'recommendation', sender: 'Administrator', title: 'Recommended course: FNA', about: { type: 'course', id: '9' } }),
      note(2, { kind: 'enrolment_decision', title: 'You were enrolled: Compliance', about: { type: 'offline_course', id: '4' } }),
      note(3, { title: 'Maintenance' }),
    ]);
    renderApp('/notification');
    const cards = await screen.findAllByTestId('notification');
    expect(within(cards[0]).getByRole('link', { name: 'Open the course' })).toHaveAttribute('href', '/course/9');
    expect(within(cards[1]).getByText('Enrolment decision')).toBeInTheDocument();
    expect(within(cards[1]).getByRole('link', { name: 'See your enrolment' })).toHaveAttribute('href', '/offline/4');
    expect(within(cards[2]).queryByRole('link')).toBeNull();
  });
});
