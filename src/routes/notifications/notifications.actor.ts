import { fromPromise } from 'xstate';
import { setUnreadNotificationsCount } from '../../api/current-user';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from '../../api/notifications.api';
import type { NotificationListResponse, NotificationsReadResponse } from '../../api/schemas/notifications.schema';
import { notificationsMachine, type NotificationsQuery } from '../../machines/notifications/notifications.machine';

/** The one place the notification page's machine meets the API and the red dot (DESIGN §2). */
export const notificationsRouteMachine = notificationsMachine.provide({
  actors: {
    loadPage: fromPromise<NotificationListResponse, NotificationsQuery>(({ input: { filter, page, per_page }, signal }) =>
      listNotifications({ page, per_page, ...(filter ? { filter } : {}) }, { signal }),
    ),
    markRead: fromPromise<NotificationsReadResponse, string>(({ input }) => markNotificationRead(input)),
    markAllRead: fromPromise<NotificationsReadResponse>(() => markAllNotificationsRead()),
  },
  actions: {
    reportUnread: (_, count: number) => setUnreadNotificationsCount(count),
  },
});
