import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { demoAppConfig } from '../config/app-config.defaults';
import type { CurrentUser } from '../api/schemas/users.schema';
import { agent01, json, tokenFor } from '../api/test-helpers';
import { clearToken, getRedirectUrl, setToken } from '../platform/storage/token-storage';
import { fakeApi } from './testing/network';
import { renderApp } from './testing/render-app';
import { appRoutes, createAppRouter } from './router';

const manager01 = { ...agent01, id: '4', external_id: 'manager01', name: 'Cheung Wai Kit', manager_id: '9', is_manager: true, unread_notifications_count: 0 };

function signIn(user: CurrentUser = agent01) {
  setToken(tokenFor(user.id));
  return fakeApi({ 'GET /api/users/current': () => json(user) });
}

beforeEach(() => {
  setToken(tokenFor('0'));
  clearToken();
});
afterEach(() => vi.unstubAllGlobals());

describe('routes (SPEC §2)', () => {
  it('sends a signed-out visitor to /login with the query kept and the path remembered', async () => {
    fakeApi({});
    const { router } = renderApp('/profile?tab=history');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?tab=history');
    expect(getRedirectUrl()).toBe('/profile');
    await waitFor(() => expect(document.title).toBe('Sign in -- Agent Academy'));
  });

  it("redirects '' to /main, which shows the five tiles under the product title alone", async () => {
    signIn();
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: 'Welcome, Chan Tai Man' });
    expect(router.state.location.pathname).toBe('/main');
    expect(screen.getAllByTestId('home-tile')).toHaveLength(5);
    await waitFor(() => expect(document.title).toBe('Agent Academy'));
  });

  it('shows pages of later issues with their title and an honest note only', async () => {
    signIn();
    const { router } = renderApp('/themes');
    await screen.findByRole('heading', { level: 1, name: 'Themes' });
    expect(router.state.location.pathname).toBe('/themes');
    expect(screen.getByText('This section arrives in a later release.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Themes -- Agent Academy'));
  });

  it('/courses opens all courses', async () => {
    signIn();
    const { router } = renderApp('/courses');
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses/all'));
    await waitFor(() => expect(document.title).toBe('All Courses -- Agent Academy'));
  });

  it('/offline is a guarded layout page: the classroom courses (issue 14)', async () => {
    signIn();
    const { router } = renderApp('/offline');
    await screen.findByRole('heading', { level: 1, name: 'Classroom courses and activities' });
    expect(router.state.location.pathname).toBe('/offline');
    await waitFor(() => expect(document.title).toBe('Offline Courses -- Agent Academy'));
  });

  it('/notification is a guarded layout page: the notifications', async () => {
    signIn();
    const { router } = renderApp('/notification');
    await screen.findByRole('heading', { level: 1, name: 'Notifications' });
    expect(router.state.location.pathname).toBe('/notification');
    await waitFor(() => expect(document.title).toBe('Notifications -- Agent Academy'));
  });

  it('/profile is a guarded layout page: the learner\'s profile', async () => {
    signIn();
    const { router } = renderApp('/profile');
    await screen.findByTestId('profile-view');
    expect(router.state.location.pathname).toBe('/profile');
    await waitFor(() => expect(document.title).toBe('My Profile -- Agent Academy'));
  });

  it('/learning-map is a guarded layout page: the learner\'s maps (issue 47)', async () => {
    signIn();
    const { router } = renderApp('/learning-map');
    await screen.findByTestId('learning-map');
    expect(router.state.location.pathname).toBe('/learning-map');
    expect(document.title).toMatch(/^.+ -- Agent Academy$/);
  });

  it.each(['/themes', '/pdf/7'])(
    '%s is a guarded layout page',
    async (path) => {
      signIn();
      const { router } = renderApp(path);
      await screen.findByText('This section arrives in a later release.');
      expect(router.state.location.pathname).toBe(path);
      expect(document.title).toMatch(/^.+ -- Agent Academy$/);
    },
  );

  it('/mockexam is a guarded layout page: the mock exams (issue 13)', async () => {
    signIn();
    const { router } = renderApp('/mockexam');
    await screen.findByRole('heading', { level: 1, name: 'Mock exam' });
    expect(router.state.location.pathname).toBe('/mockexam');
    await waitFor(() => expect(document.title).toBe('Mock Exam -- Agent Academy'));
  });

  it('lets a manager open /management and sends anyone else to /main', async () => {
    signIn(manager01);
    const first = renderApp('/management');
    await screen.findByRole('heading', { level: 1, name: 'Management' });
    expect(first.router.state.location.pathname).toBe('/management');
    first.unmount();

    setToken(tokenFor('1'));
    signIn(agent01);
    const second = renderApp('/management');
    await screen.findByRole('heading', { name: 'Welcome, Chan Tai Man' });
    expect(second.router.state.location.pathname).toBe('/main');
  });

  it('keeps disabled features closed', async () => {
    signIn();
    const config = { ...demoAppConfig, appEnabledFunction: { ...demoAppConfig.appEnabledFunction, mockExam: false, learningMap: false } };
    const { router } = renderApp('/mockexam', { config });
    await screen.findByRole('heading', { name: 'Welcome, Chan Tai Man' });
    expect(router.state.location.pathname).toBe('/main');
    // The tiles follow the flags too.
    expect(screen.getAllByTestId('home-tile').map((a) => a.getAttribute('href'))).toEqual(['/courses/all', '/courses/material', '/offline']);
  });

  it('shows Not Found for any other path, signed in or not', async () => {
    fakeApi({});
    renderApp('/no/such/page');
    await screen.findByRole('heading', { name: 'Not Found' });
    await waitFor(() => expect(document.title).toBe('Not Found -- Agent Academy'));
  });

  it('titles pages in the interface language', async () => {
    fakeApi({});
    renderApp('/login', { lang: 'zh' });
    await screen.findByRole('button', { name: '登入' });
    await waitFor(() => expect(document.title).toBe('登入 -- 代理人學院'));
  });

  it('asks for the current user in the layout loader, before the layout and the page have loaded (ADR 088)', async () => {
    let asked = 0;
    setToken(tokenFor(agent01.id));
    fakeApi({ 'GET /api/users/current': () => ((asked += 1), json(agent01)) });
    const layout = appRoutes()[0].children!.find((route) => route.path === '' && route.loader)!;
    await (layout.loader as (args: { request: Request; params: object }) => unknown)({ request: new Request('http://localhost/main'), params: {} });
    await waitFor(() => expect(asked).toBe(1));
    // Signed out, the guard sends the visitor away and nothing is asked.
    clearToken();
    expect(() => (layout.loader as (args: { request: Request; params: object }) => unknown)({ request: new Request('http://localhost/main'), params: {} })).toThrow();
    expect(asked).toBe(1);
  });

  it('loads the layout and page modules a path shows as soon as the router exists, and runs no guard before boot says ready (ADR 035)', async () => {
    // A lazy route, once loaded, has its element and no lazy() left.
    const loaded = (router: ReturnType<typeof createAppRouter>) => router.state.matches.filter((m) => m.route.path !== undefined).map((m) => [m.route.path, m.route.lazy === undefined && m.route.element != null]);
    const cases = [
      ['/courses/all', [['', true], ['courses', false], ['all', true]]],
      ['/login', [['login', true]]],
      ['/lesson/1/2', [['', true], ['lesson/:courseId/:itemId', true]]],
    ] as const;
    for (const [path, modules] of cases) {
      window.history.replaceState(null, '', path);
      let ready = () => {};
      const router = createAppRouter(new Promise<void>((resolve) => (ready = resolve)));
      await waitFor(() => expect(loaded(router)).toEqual(modules));
      // Signed out: the guards send /courses/all and the lesson to /login, but only once ready.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(router.state.initialized).toBe(false);
      expect(router.state.location.pathname).toBe(path);
      ready();
      await waitFor(() => expect(router.state.initialized).toBe(true));
      expect(router.state.location.pathname).toBe('/login');
      router.dispose();
    }
  });

  it('sends a signed-in user away from /login', async () => {
    signIn();
    const { router } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome, Chan Tai Man' });
    expect(router.state.location.pathname).toBe('/main');
  });
});
