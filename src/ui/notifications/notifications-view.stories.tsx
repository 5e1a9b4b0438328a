import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { fn } from 'storybook/test';
import { notificationPage, notificationsViewAt, sampleNotifications } from '../../machines/notifications/notifications.fixtures';
import { NotificationsView } from './notifications-view';
import { machineDiagramStory } from '../testing/machine-diagram';

// DESIGN §4: every visible state of the notification page, its props built from the machine's state through the selectors.
const meta = {
  title: 'Pages/Notifications',
  component: NotificationsView,
  decorators: [
    (Story) => (
      <MemoryRouter>
        <Story />
      </MemoryRouter>
    ),
  ],
  args: { view: notificationsViewAt({ loaded: 'idle' }), unreadOnly: false, page: 1, onUnreadOnly: fn(), onPage: fn(), onRetry: fn(), onMarkRead: fn(), onMarkAllRead: fn() },
} satisfies Meta<typeof NotificationsView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};
export const Loading: Story = { args: { view: notificationsViewAt('loading', { result: null }) } };
export const Reloading: Story = { args: { view: notificationsViewAt('loading') } };
export const MarkingOne: Story = { args: { view: notificationsViewAt({ loaded: 'markingOne' }, { marking: '4' }) } };
export const MarkingAll: Story = { args: { view: notificationsViewAt({ loaded: 'markingAll' }, { marking: 'all' }) } };
export const MarkFailed: Story = { args: { view: notificationsViewAt({ loaded: 'idle' }, { markFailed: true }) } };
export const AllRead: Story = { args: { view: notificationsViewAt({ loaded: 'idle' }, { result: notificationPage(sampleNotifications.map((n) => ({ ...n, read: true }))) }) } };
export const ManyPages: Story = { args: { page: 2, view: notificationsViewAt({ loaded: 'idle' }, { result: notificationPage(sampleNotifications, 2, 34) }) } };
export const Empty: Story = { args: { view: notificationsViewAt('empty', { result: notificationPage([]) }) } };
export const EmptyUnread: Story = { args: { unreadOnly: true, view: notificationsViewAt('empty', { result: notificationPage([]) }) } };
export const Failed: Story = { args: { view: notificationsViewAt('failed', { result: null }) } };
export const FailedWithServerText: Story = { args: { view: notificationsViewAt('failed', { result: null, error: 'The server is busy. Please try again shortly.' }) } };
export const LoadedTraditionalChinese: Story = { globals: { locale: 'zh' } };
export const LoadedSimplifiedChinese: Story = { globals: { locale: 'cn' } };
export const LoadedPhone: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };

// The machine behind these stories (docs/machines/, generated from its definition).
export const NotificationsDiagram = machineDiagramStory('notifications');
