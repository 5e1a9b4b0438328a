import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { agent01, json, tokenFor } from '../../api/test-helpers';
import { clearToken, setToken } from '../../platform/storage/token-storage';
import { sampleCourse } from '../../ui/courses/samples';
import { fakeApi } from '../testing/network';
import { renderApp } from '../testing/render-app';

const path = (r: Request) => new URL(r.url).pathname;

// Counts the attachment viewer's renders (ADR 063: the timer's tick must not draw the page again).
const viewerRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../ui/attachment-viewer/attachment-viewer', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../ui/attachment-viewer/attachment-viewer')>();
  return {
    ...original,
    AttachmentViewer: (props: Parameters<typeof original.AttachmentViewer>[0]) => {
      viewerRenders.count += 1;
      return original.AttachmentViewer(props);
    },
  };
});

beforeEach(() => {
  setToken(tokenFor('0'));
  clearToken();
  setToken(tokenFor('1'));
});
afterEach(() => vi.unstubAllGlobals());

describe('lesson page', () => {
  it("the loader asks for the course and its on-screen total beside the page's chunks; the lesson reads those answers (ADR 035)", async () => {
    // Read by the fake server, which answers after renderApp has returned.
    const app: { router?: ReturnType<typeof renderApp>['router'] } = {};
    // Who asked: the loader (before the first navigation is done), the lesson later (after the navigation is done).
    const sent: string[] = [];
    const asked = (r: Request) => sent.push(`${path(r)} ${!app.router?.state.initialized ? 'loader' : app.router.state.navigation.state === 'idle' ? 'page' : 'navigating'}`);
    const net = fakeApi({
      'GET /api/users/current': () => json(agent01),
      'GET /api/courses/2': (r) => (asked(r), json(sampleCourse)),
      'GET /api/on_screen_log/course/2/total': (r) => (asked(r), json({ total_duration: 30 })),
      'POST /api/viewings': () => json({ id: '9', started_at: new Date().toISOString(), identity_verified_until: null }),
    });
    const { router } = renderApp('/lesson/2/100');
    app.router = router;
    expect(await screen.findByRole('heading', { name: 'Why listen first' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('on-screen-timer')).not.toHaveAttribute('data-status', 'loading'));
    expect([...sent].sort()).toEqual(['/api/courses/2 loader', '/api/on_screen_log/course/2/total loader']);
    expect(net.requests.filter((r) => path(r) === '/api/courses/2')).toHaveLength(1);
    expect(net.requests.filter((r) => path(r) === '/api/on_screen_log/course/2/total')).toHaveLength(1);

    // The next item: the open lesson holds early requests back (its record goes first), and asks for the course itself.
    await userEvent.click(screen.getByTestId('next-item'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lesson/2/101'));
    await waitFor(() => expect(net.requests.filter((r) => path(r) === '/api/courses/2')).toHaveLength(2));
    expect(sent.slice(2)).toEqual(['/api/courses/2 page']);
  });

  it('counts on-screen time each second without drawing the page or its attachment again (ADR 063)', async () => {
    fakeApi({
      'GET /api/users/current': () => json(agent01),
      'GET /api/courses/2': () => json(sampleCourse),
      'GET /api/on_screen_log/course/2/total': () => json({ total_duration: 30 }),
      'POST /api/viewings': () => json({ id: '9', started_at: new Date().toISOString(), identity_verified_until: null }),
    });
    renderApp('/lesson/2/102');
    expect(await screen.findByRole('heading', { name: 'Product guide' })).toBeInTheDocument();
    const timer = screen.getByTestId('on-screen-timer');
    await waitFor(() => expect(timer).toHaveAttribute('data-status', 'counting'));
    const time = () => timer.querySelector('time')?.getAttribute('dateTime');
    const start = time();
    const drawn = viewerRenders.count;
    await waitFor(() => expect(time()).not.toBe(start), { timeout: 3000 });
    const next = time();
    await waitFor(() => expect(time()).not.toBe(next), { timeout: 3000 });
    expect(viewerRenders.count).toBe(drawn);
  });
});
