import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bottomLinks, courseNavItems, sideLinks } from '../../config/navigation';
import { renderWithI18n, setWindowWidth } from '../testing/render';
import { AppLayout, type AppLayoutProps } from './app-layout';

const allOn = { learningMap: true, mockExam: true };

function props(over: Partial<AppLayoutProps> & { isManager?: boolean; offlineEnabled?: boolean } = {}): AppLayoutProps {
  const { isManager = false, offlineEnabled = true, ...rest } = over;
  return {
    user: { name: 'Chan Tai Man', iconUrl: '/assets/placeholder-profile.svg' },
    unreadCount: 0,
    sideLinks: sideLinks({ isManager, features: allOn }),
    bottomLinks: bottomLinks({ isManager }),
    courseNavItems: courseNavItems({ offlineEnabled }),
    currentPath: '/main',
    pageTitle: '',
    sideNavEnabled: true,
    showBackButton: false,
    showCourseNav: true,
    onBack: vi.fn(),
    onNavigate: vi.fn(),
    ...rest,
  };
}

const hrefs = (el: HTMLElement) => within(el).getAllByRole('link').map((a) => a.getAttribute('href'));

afterEach(() => setWindowWidth(1024));

describe('AppLayout on a wide desktop (≥ 992 px)', () => {
  it('shows the side panel open, the header with the user, no bottom bar and no menu button', () => {
    setWindowWidth(1280);
    renderWithI18n(<AppLayout {...props()}>page body</AppLayout>);
    const side = screen.getByTestId('side-nav');
    expect(side.closest('aside')).toHaveClass('side-panel');
    expect(hrefs(side)).toEqual(['/main', '/cpd', '/learning-map', '/mockexam', '/notification', '/profile', '/setting']);
    expect(within(side).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('header-user-name')).toHaveTextContent('Chan Tai Man');
    expect(screen.getByRole('banner')).toHaveTextContent('Chan Tai Man');
    expect(screen.queryByTestId('bottom-nav')).not.toBeInTheDocument();
    expect(screen.queryByTestId('menu-button')).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('page body');
  });

  it('gives a manager the management link in second position', () => {
    setWindowWidth(1280);
    renderWithI18n(<AppLayout {...props({ isManager: true })} />);
    expect(hrefs(screen.getByTestId('side-nav'))[1]).toBe('/management');
    expect(within(screen.getByTestId('side-nav')).getByRole('link', { name: 'Management' })).toBeInTheDocument();
  });

  it('uses a closed drawer and a menu button when the side nav is disabled', async () => {
    setWindowWidth(1280);
    renderWithI18n(<AppLayout {...props({ sideNavEnabled: false })} />);
    expect(screen.queryByTestId('side-nav')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('menu-button'));
    expect(screen.getByRole('dialog', { name: 'Menu' })).toContainElement(screen.getByTestId('side-nav'));
  });
});

describe('the red dot for unread notifications', () => {
  it('marks the notification link (with an accessible count) only when there are unread ones', () => {
    setWindowWidth(1280);
    const { rerender } = renderWithI18n(<AppLayout {...props({ unreadCount: 3 })} />);
    const dots = screen.getAllByTestId('unread-dot');
    expect(dots).toHaveLength(1);
    expect(dots[0].closest('a')).toHaveAttribute('href', '/notification');
    expect(screen.getByRole('img', { name: '3 unread notifications' })).toBe(dots[0]);

    rerender(<AppLayout {...props({ unreadCount: 0 })} />);
    expect(screen.queryByTestId('unread-dot')).not.toBeInTheDocument();
  });

  it('marks the bottom bar notification link on a phone', () => {
    setWindowWidth(390);
    renderWithI18n(<AppLayout {...props({ unreadCount: 1 })} />);
    const dot = within(screen.getByTestId('bottom-nav')).getByTestId('unread-dot');
    expect(dot.closest('a')).toHaveAttribute('href', '/notification');
    expect(dot).toHaveAccessibleName('1 unread notification');
  });
});

describe('back button and course navigation bar', () => {
  it('shows the course bar (not a back button) when told so', () => {
    setWindowWidth(1280);
    renderWithI18n(<AppLayout {...props({ showCourseNav: true, showBackButton: false })} />);
    const bar = screen.getByTestId('course-nav');
    expect(within(bar).getAllByRole('listitem')).toHaveLength(6);
    expect(within(screen.getByRole('banner')).queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });

  it('shows the back button (not the course bar) on other pages; it calls onBack', async () => {
    setWindowWidth(1280);
    const p = props({ showCourseNav: false, showBackButton: true, currentPath: '/courses/all' });
    renderWithI18n(<AppLayout {...p} />);
    expect(screen.queryByTestId('course-nav')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(p.onBack).toHaveBeenCalledTimes(1);
  });

  it('greys the offline item and does not make it a link when offline courses are disabled', async () => {
    setWindowWidth(1280);
    const p = props({ offlineEnabled: false });
    renderWithI18n(<AppLayout {...p} />);
    const bar = screen.getByTestId('course-nav');
    expect(hrefs(bar)).toEqual(['/courses/all', '/courses/material', '/learning-map', '/mockexam', '/search/vocabulary']);
    const offline = within(bar).getByText('Offline Courses');
    expect(offline).toHaveAttribute('aria-disabled', 'true');
    expect(offline).toHaveClass('course-nav__item--disabled');
    await userEvent.click(offline);
    expect(p.onNavigate).not.toHaveBeenCalled();
  });

  it('makes the offline item a link when offline courses are enabled', () => {
    setWindowWidth(1280);
    renderWithI18n(<AppLayout {...props()} />);
    expect(within(screen.getByTestId('course-nav')).getByRole('link', { name: 'Offline Courses' })).toHaveAttribute('href', '/offline');
  });
});

describe('AppLayout on a phone (< 768 px)', () => {
  it('shows the mobile header with the title and the bottom bar, not the desktop header', () => {
    setWindowWidth(390);
    renderWithI18n(<AppLayout {...props({ pageTitle: 'Settings', currentPath: '/setting' })} />);
    expect(screen.getByTestId('mobile-header')).toHaveTextContent('Settings');
    expect(screen.queryByTestId('desktop-header')).not.toBeInTheDocument();
    expect(screen.queryByTestId('header-user-name')).not.toBeInTheDocument();
    expect(hrefs(screen.getByTestId('bottom-nav'))).toEqual(['/main', '/notification', '/profile']);
    expect(screen.queryByTestId('side-nav')).not.toBeInTheDocument();
  });

  it('shows the product title on the main page (empty route title)', () => {
    setWindowWidth(390);
    renderWithI18n(<AppLayout {...props({ pageTitle: '' })} />);
    expect(screen.getByTestId('mobile-header')).toHaveTextContent('Agent Academy');
  });

  it('gives a manager management after home in the bottom bar', () => {
    setWindowWidth(390);
    renderWithI18n(<AppLayout {...props({ isManager: true })} />);
    expect(hrefs(screen.getByTestId('bottom-nav'))).toEqual(['/main', '/management', '/notification', '/profile']);
  });

  it('shows the back button instead of the menu on pages that are not side links, and an optional right action', async () => {
    setWindowWidth(390);
    const p = props({ showBackButton: true, mobileRightAction: <button>Share</button> });
    renderWithI18n(<AppLayout {...p} />);
    const header = screen.getByTestId('mobile-header');
    expect(within(header).queryByTestId('menu-button')).not.toBeInTheDocument();
    await userEvent.click(within(header).getByRole('button', { name: 'Back' }));
    expect(p.onBack).toHaveBeenCalled();
    expect(within(header).getByRole('button', { name: 'Share' })).toBeInTheDocument();
  });

  it('opens the side drawer from the menu button; Escape closes it', async () => {
    setWindowWidth(390);
    renderWithI18n(<AppLayout {...props()} />);
    await userEvent.click(screen.getByTestId('menu-button'));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByTestId('side-nav')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('side-nav')).not.toBeInTheDocument());
  });

  it('navigates through onNavigate and closes the drawer', async () => {
    setWindowWidth(390);
    const p = props();
    renderWithI18n(<AppLayout {...p} />);
    await userEvent.click(screen.getByTestId('menu-button'));
    await userEvent.click(within(screen.getByTestId('side-nav')).getByRole('link', { name: 'Settings' }));
    expect(p.onNavigate).toHaveBeenCalledWith('/setting');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('AppLayout between 768 and 991 px', () => {
  it('has the desktop header with a menu button and no side panel', async () => {
    setWindowWidth(800);
    renderWithI18n(<AppLayout {...props()} />);
    expect(screen.getByTestId('desktop-header')).toBeInTheDocument();
    expect(screen.queryByTestId('bottom-nav')).not.toBeInTheDocument();
    expect(screen.queryByTestId('side-nav')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('menu-button'));
    expect(screen.getByTestId('side-nav')).toBeInTheDocument();
  });

  it('switches to the side panel when the window widens', () => {
    setWindowWidth(800);
    renderWithI18n(<AppLayout {...props()} />);
    expect(screen.queryByTestId('side-nav')).not.toBeInTheDocument();
    act(() => setWindowWidth(1200));
    expect(screen.getByTestId('side-nav').closest('aside')).toBeInTheDocument();
  });
});

describe('links, activity, loading and accessibility', () => {
  it('hands plain clicks to onNavigate, keeps real hrefs, and leaves modified clicks to the browser', async () => {
    setWindowWidth(1280);
    const p = props();
    renderWithI18n(<AppLayout {...p} />);
    const link = within(screen.getByTestId('side-nav')).getByRole('link', { name: 'Notifications' });
    await userEvent.click(link);
    expect(p.onNavigate).toHaveBeenCalledWith('/notification');
    fireEvent.click(link, { ctrlKey: true });
    expect(p.onNavigate).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('link', { name: 'My profile: Chan Tai Man' }));
    expect(p.onNavigate).toHaveBeenLastCalledWith('/profile');
    await userEvent.click(screen.getByRole('link', { name: 'Agent Academy home' }));
    expect(p.onNavigate).toHaveBeenLastCalledWith('/main');
  });

  it('reports clicks, wheel, touch and scroll as activity', () => {
    setWindowWidth(1280);
    const onActivity = vi.fn();
    renderWithI18n(<AppLayout {...props({ onActivity })}>body</AppLayout>);
    const main = screen.getByRole('main');
    fireEvent.click(main);
    fireEvent.wheel(main);
    fireEvent.touchStart(main);
    fireEvent.scroll(main);
    fireEvent.scroll(window);
    expect(onActivity).toHaveBeenCalledTimes(5);
  });

  it('covers the page content with the loading overlay while loading', () => {
    setWindowWidth(1280);
    const { rerender } = renderWithI18n(<AppLayout {...props({ loading: true, loadingText: 'Loading your account' })}>x</AppLayout>);
    const overlay = screen.getByRole('status');
    expect(overlay).toHaveTextContent('Loading your account');
    expect(screen.getByRole('main')).toContainElement(overlay);
    expect(screen.getByRole('main')).toHaveAttribute('aria-busy', 'true');
    rerender(<AppLayout {...props({ loading: false })}>x</AppLayout>);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('has landmarks with labels and a skip link that focuses the main content', async () => {
    setWindowWidth(1280);
    renderWithI18n(<AppLayout {...props()} />);
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Course navigation' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Skip to main content' }));
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('speaks simplified and traditional Chinese', () => {
    setWindowWidth(1280);
    renderWithI18n(<AppLayout {...props()} />, 'zh');
    expect(within(screen.getByTestId('side-nav')).getByRole('link', { name: '設定' })).toBeInTheDocument();
    renderWithI18n(<AppLayout {...props()} />, 'cn');
    expect(screen.getAllByRole('link', { name: '设置' }).length).toBeGreaterThan(0);
  });

  it('falls back to the placeholder icon when the user icon fails to load', () => {
    setWindowWidth(1280);
    renderWithI18n(<AppLayout {...props({ user: { name: 'A', iconUrl: '/broken.png' } })} />);
    const img = screen.getByTestId('desktop-header').querySelector('img.user-badge__icon') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/broken.png');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe('/assets/placeholder-profile.svg');
  });
});
