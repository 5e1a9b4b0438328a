import { callRoute } from './call-route';
import { listQuery, type CallOptions } from './list-query';
import type { NotificationListResponse, NotificationsQuery, NotificationsReadResponse } from './schemas/notifications.schema';
import { listNotificationsRoute, readAllNotificationsRoute, readNotificationRoute } from './schemas/notifications.routes';

// The notification page (/notification): the list, and marking read (the answer is the server's unread count).

export function listNotifications(query: Partial<NotificationsQuery> = {}, { signal }: CallOptions = {}): Promise<NotificationListResponse> {
  return callRoute(listNotificationsRoute, { query: listQuery(query), signal });
}

export function markNotificationRead(id: string): Promise<NotificationsReadResponse> {
  return callRoute(readNotificationRoute, { params: { id } });
}

export function markAllNotificationsRead(): Promise<NotificationsReadResponse> {
  return callRoute(readAllNotificationsRoute, {});
}
