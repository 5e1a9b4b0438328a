import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppConfig } from '../../api/schemas/app-config.schema';
import type { CurrentUser } from '../../api/schemas/users.schema';
import { demoAppConfig, specDefaultAppConfig } from '../../config/app-config.defaults';
import type { Language } from '../../config/constants';
import { createI18n } from '../../i18n/testing';
import type { CurrentUserView } from '../app-context';
import LayoutRoute from './layout.route';

const state: { view: CurrentUserView; config: AppConfig } = {
  view: { user: null, loading: false, error: null },
  config: demoAppConfig,
};
vi.mock('../app-context', () => ({
  useCurrentUser: () => state.view,
  useAppConfig: () => state.config,
}));

const agent: CurrentUser = {
  id: '1',
  external_id: 'agent01',
  name: 'Chan Tai Man',
  icon_url: '/assets/placeholder-profile.svg',
  cover_url: '/assets/placeholder-cover.svg',
  manager_id: null,
  is_manager: false,
  is_recruit: false,
  is_auditor: false,
  unread_notifications_count: 3,
  password_reset: true,
  welcome_due: false,
};
const manager: CurrentUser = { ...agent, id: '4', name: 'Cheung Wai Kit', manager_id: '4', is_manager: true, unread_notifications_count: 0 };

function Page({ name }: { name: string }) {
  const location = useLocation();
  return (
    <p data-testid="page">
      {name} at {location.pathname}
    </p>
  );
}

const t = (en: string, cn: string, zh: string) => ({ title_en: en, title_cn: cn, title_zh: zh });
const children = [
  { path: 'main', handle: t('', '', ''), element: <Page name="home" /> },
  { path: 'courses/all', handle: t('All courses', '所有课程', '所有課程'), element: <Page name="all courses" /> },
  { path: 'profile', handle: t('My profile', '我的资料', '我的資料'), element: <Page name="profile" /> },
  { path: 'setting', handle: t('Settings', '设置', '設定'), element: <Page name="setting" /> },
  { path: 'lesson/:courseId/:itemId', handle: t('Lesson', '课程', '課程'), element: <Page name="lesson" /> },
  { path: 'course/:courseId', handle: t('Course', '课程', '課程'), element: <Page name="course" /> },
  { path: 'setting/reset-password', handle: t('Change password', '修改密码', '更改密碼'), element: <Page name="reset" /> },
  { path: 'welcome', handle: t('Welcome', '欢迎', '歡迎'), element: <Page name="welcome" /> },
];

function renderAt(entries: string[], lang: Language = 'en') {
  const router = createMemoryRouter([{ path: '/', element: <LayoutRoute />, children }], {
    initialEntries: entries,
    initialIndex: entries.length - 1,
  });
  render(
    <I18nextProvider i18n={createI18n(lang)}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return router;
}

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

beforeEach(() => {
  state.view = { user: agent, loading: false, error: null };
  state.config = demoAppConfig;
  setWidth(1280);
});
afterEach(() => setWidth(1024));

describe('LayoutRoute', () => {
  it('wires the current user, the side links and the child page', () => {
    renderAt(['/main']);
    expect(screen.getByTestId('header-user-name')).toHaveTextContent('Chan Tai Man');
    const links = within(screen.getByTestId('side-nav')).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/main', '/cpd', '/learning-map', '/mockexam', '/notification', '/profile', '/setting']);
    expect(screen.getByTestId('unread-dot')).toHaveAccessibleName('3 unread notifications');
    expect(screen.getByTestId('page')).toHaveTextContent('home at /main');
  });

  it('gives a manager the management link second, and no red dot without unread notifications', () => {
    state.view = { user: manager, loading: false, error: null };
    renderAt(['/main']);
    const links = within(screen.getByTestId('side-nav')).getAllByRole('link');
    expect(links[1]).toHaveAttribute('href', '/management');
    expect(screen.queryByTestId('unread-dot')).not.toBeInTheDocument();
  });

  it('applies the feature flags: no learning map / mock exam, offline greyed, side nav as a drawer', () => {
    state.config = {
      ...specDefaultAppConfig,
      appEnabledFunction: { ...specDefaultAppConfig.appEnabledFunction, offlineCourse: false, sideNav: false },
    };
    renderAt(['/main']);
    expect(screen.queryByTestId('side-nav')).not.toBeInTheDocument();
    expect(screen.getByTestId('menu-button')).toBeInTheDocument();
    const bar = screen.getByTestId('course-nav');
    expect(within(bar).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/courses/all', '/courses/material']);
    expect(within(bar).getByText('Offline Courses')).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows the course bar on side-link pages, but not on setting pages', () => {
    renderAt(['/main']);
    expect(screen.getByTestId('course-nav')).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });

  it('hides the course bar on /setting', () => {
    renderAt(['/setting']);
    expect(screen.queryByTestId('course-nav')).not.toBeInTheDocument();
  });

  it('shows a back button on other pages; back returns to the previous page', async () => {
    const router = renderAt(['/profile', '/courses/all']);
    expect(screen.queryByTestId('course-nav')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('goes home when there is no previous page to return to', async () => {
    const router = renderAt(['/courses/all']);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(router.state.location.pathname).toBe('/main');
  });

  it('goes to its course from a lesson opened directly (a deep link), not to the main page', async () => {
    const router = renderAt(['/lesson/7/42']);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(router.state.location.pathname).toBe('/course/7');
  });

  it('navigates with the router when a link is clicked', async () => {
    const router = renderAt(['/main']);
    await userEvent.click(within(screen.getByTestId('course-nav')).getByRole('link', { name: 'All Courses' }));
    expect(router.state.location.pathname).toBe('/courses/all');
    expect(screen.getByTestId('page')).toHaveTextContent('all courses');
  });

  it('sends a user who must reset the password to /setting/reset-password, replacing history', async () => {
    state.view = { user: { ...agent, password_reset: false }, loading: false, error: null };
    const router = renderAt(['/main']);
    await act(async () => undefined);
    expect(router.state.location.pathname).toBe('/setting/reset-password');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByTestId('page')).toHaveTextContent('reset at /setting/reset-password');
  });

  it('leaves such a user on the reset page', async () => {
    state.view = { user: { ...agent, password_reset: false }, loading: false, error: null };
    const router = renderAt(['/setting/reset-password']);
    await act(async () => undefined);
    expect(router.state.historyAction).toBe('POP');
    expect(screen.getByTestId('page')).toHaveTextContent('reset');
  });

  it('sends a new joiner whose welcome is due to /welcome once, replacing history, and not from the reset page (issue 47)', async () => {
    const joiner = { ...agent, id: '70', welcome_due: true };
    state.view = { user: joiner, loading: false, error: null };
    const onReset = renderAt(['/setting/reset-password']);
    await act(async () => undefined);
    expect(onReset.state.location.pathname).toBe('/setting/reset-password');
    await act(() => onReset.navigate('/main'));
    expect(onReset.state.location.pathname).toBe('/welcome');
    expect(onReset.state.historyAction).toBe('REPLACE');
    expect(screen.getByTestId('page')).toHaveTextContent('welcome at /welcome');
    // Going on past the welcome (its record failed: still due), the learner is not sent back in this page load.
    await act(() => onReset.navigate('/main'));
    expect(screen.getByTestId('page')).toHaveTextContent('home at /main');
  });

  it('sends nobody to the welcome before the password change, or once it is dismissed', async () => {
    state.view = { user: { ...agent, id: '71', welcome_due: false }, loading: false, error: null };
    const welcomed = renderAt(['/main']);
    await act(async () => undefined);
    expect(welcomed.state.location.pathname).toBe('/main');
    cleanup();
    // The server never says due before the change; the layout does not trust it alone either.
    state.view = { user: { ...agent, id: '72', password_reset: false, welcome_due: true }, loading: false, error: null };
    const mustReset = renderAt(['/main']);
    await act(async () => undefined);
    expect(mustReset.state.location.pathname).toBe('/setting/reset-password');
  });

  it('shows the loading overlay while the user loads', () => {
    state.view = { user: null, loading: true, error: null };
    renderAt(['/main']);
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByTestId('header-user-name')).not.toBeInTheDocument();
  });

  it('says so (translated) when the user cannot be loaded', () => {
    state.view = { user: null, loading: false, error: new Error('boom') };
    renderAt(['/main'], 'cn');
    expect(screen.getByRole('alert')).toHaveTextContent('无法加载您的账户，请重试。');
    expect(screen.queryByTestId('page')).not.toBeInTheDocument();
  });

  it('puts the route title, in the interface language, in the mobile header', () => {
    setWidth(390);
    renderAt(['/setting'], 'zh');
    expect(screen.getByTestId('mobile-header')).toHaveTextContent('設定');
    expect(screen.getByTestId('bottom-nav')).toBeInTheDocument();
  });

  it('passes activity to the onActivity hook point', async () => {
    const onActivity = vi.fn();
    const router = createMemoryRouter([{ path: '/', element: <LayoutRoute onActivity={onActivity} />, children }], { initialEntries: ['/main'] });
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );
    await userEvent.click(screen.getByTestId('page'));
    expect(onActivity).toHaveBeenCalled();
  });
});
