import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notificationPage, notificationsViewAt } from '../../machines/notifications/notifications.fixtures';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import type { Language } from '../../config/constants';
import { renderWithI18n as renderBare } from '../testing/render-with-i18n';
import { NotificationsView, type NotificationsViewProps } from './notifications-view';

// The cards link to what they are about: a router around the view.
const renderWithI18n = (ui: ReactElement, lang?: Language) => renderBare(<MemoryRouter>{ui}</MemoryRouter>, lang);

function props(overrides: Partial<NotificationsViewProps> = {}): NotificationsViewProps {
  return { view: notificationsViewAt({ loaded: 'idle' }), unreadOnly: false, page: 1, onUnreadOnly: vi.fn(), onPage: vi.fn(), onRetry: vi.fn(), onMarkRead: vi.fn(), onMarkAllRead: vi.fn(), ...overrides };
}

describe('notifications view', () => {
  it('shows each notification newest first, the unread ones marked and offered "Mark as read"', async () => {
    const p = props();
    renderWithI18n(<NotificationsView {...p} />);
    const cards = screen.getAllByTestId('notification');
    expect(cards.map((c) => within(c).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'New course recommended: Regulatory Update 2026',
      'Scheduled maintenance',
      'Enrolment confirmed',
    ]);
    expect(cards[0]).toHaveTextContent('Recommendation');
    expect(cards[0]).toHaveTextContent('From Administrator');
    expect(cards[1]).toHaveTextContent('From Agent Academy');
    expect(cards[2]).toHaveTextContent('Read');
    expect(within(cards[2]).queryByRole('button')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Mark as read: “Scheduled maintenance”' }));
    expect(p.onMarkRead).toHaveBeenCalledWith('3');
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(p.onMarkAllRead).toHaveBeenCalledOnce();
  });

  it('offers nothing to mark while a mark is with the server, and says so', () => {
    renderWithI18n(<NotificationsView {...props({ view: notificationsViewAt({ loaded: 'markingAll' }, { marking: 'all' }) })} />);
    expect(screen.getByRole('button', { name: 'Marking all as read…' })).toBeDisabled();
    for (const button of screen.getAllByRole('button', { name: 'Marking as read…' })) expect(button).toBeDisabled();
  });

  it('filters to the unread ones and pages', async () => {
    const p = props({ page: 1, view: notificationsViewAt({ loaded: 'idle' }, { result: notificationPage(undefined, 1, 25) }) });
    renderWithI18n(<NotificationsView {...p} />);
    const filter = screen.getByRole('group', { name: 'Show' });
    expect(within(filter).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(filter).getByRole('button', { name: 'Unread' }));
    expect(p.onUnreadOnly).toHaveBeenCalledWith(true);
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(p.onPage).toHaveBeenCalledWith(2);
  });

  it('says why a load or a mark failed, and offers Try again', async () => {
    const p = props({ view: notificationsViewAt('failed', { result: null }) });
    const { unmount } = renderWithI18n(<NotificationsView {...p} />);
    expect(screen.getByRole('alert')).toHaveTextContent('We could not load your notifications.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(p.onRetry).toHaveBeenCalledOnce();
    unmount();
    renderWithI18n(<NotificationsView {...props({ view: notificationsViewAt({ loaded: 'idle' }, { markFailed: true, markError: 'That notification was not found.' }) })} />);
    expect(screen.getByRole('alert')).toHaveTextContent('That notification was not found.');
  });

  it('tells an empty list apart from no unread ones', () => {
    const { unmount } = renderWithI18n(<NotificationsView {...props({ view: notificationsViewAt('empty', { result: notificationPage([]) }) })} />);
    expect(screen.getByText('You have no notifications.')).toBeInTheDocument();
    unmount();
    renderWithI18n(<NotificationsView {...props({ unreadOnly: true, view: notificationsViewAt('empty', { result: notificationPage([]) }) })} />);
    expect(screen.getByText('You have no unread notifications.')).toBeInTheDocument();
  });

  it('speaks Chinese in zh and cn', () => {
    const { unmount } = renderWithI18n(<NotificationsView {...props()} />, 'zh');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('通知');
    expect(screen.getByRole('button', { name: '全部標為已讀' })).toBeInTheDocument();
    expect(screen.getAllByTestId('notification')[0]).toHaveTextContent('推薦');
    expect(screen.getAllByTestId('notification')[0]).toHaveTextContent('來自 管理員');
    unmount();
    renderWithI18n(<NotificationsView {...props()} />, 'cn');
    expect(screen.getByRole('button', { name: '全部标为已读' })).toBeInTheDocument();
    expect(screen.getAllByTestId('notification')[0]).toHaveTextContent('推荐');
    expect(screen.getAllByTestId('notification')[0]).toHaveTextContent('来自 管理员');
  });
});
