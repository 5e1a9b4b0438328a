import type { Notification, NotificationListResponse } from '../../api/schemas/notifications.schema';
import { notificationsMachine, type NotificationsContext } from './notifications.machine';
import { selectNotificationsView, type NotificationsViewModel } from './notifications.selectors';

// Sample notifications for stories and view tests (as the demo's, SPEC §3 kinds).

export const sampleNotifications: Notification[] = [
  { id: '4', kind: 'recommendation', sender: 'Administrator', title: 'New course recommended: Regulatory Update 2026', body: 'Your upline recommends this course before the CPD deadline.', created_at: '2026-11-26T09:00:00.000Z', read: false, about: { type: 'course', id: '7' } },
  { id: '3', kind: 'system_notice', sender: null, title: 'Scheduled maintenance', body: 'Agent Academy is unavailable from 02:00 to 04:00.', created_at: '2026-11-24T09:00:00.000Z', read: false, about: null },
  { id: '2', kind: 'enrolment_decision', sender: null, title: 'Enrolment confirmed', body: 'Your seat in Ethics in Practice is confirmed.\n\nBring your agent card.', created_at: '2026-11-20T09:00:00.000Z', read: true, about: { type: 'offline_course', id: '3' } },
];

export const notificationPage = (data: Notification[] = sampleNotifications, page = 1, total = data.length): NotificationListResponse => ({ data, page, per_page: 10, total });

/** The view model at a state of the machine, built through the selectors (DESIGN §4). */
export function notificationsViewAt(value: string | Record<string, string>, context: Partial<NotificationsContext> = {}): NotificationsViewModel {
  const base: NotificationsContext = { query: { page: 1, per_page: 10, lang: 'en' }, result: notificationPage(), error: null, marking: null, markFailed: false, markError: null, reloadDue: false };
  return selectNotificationsView(notificationsMachine.resolveState({ value, context: { ...base, ...context } }));
}
