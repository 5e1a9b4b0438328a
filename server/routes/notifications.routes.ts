import { listNotificationsRoute, readAllNotificationsRoute, readNotificationRoute } from '../../src/api/schemas/notifications.routes';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from '../domain/notifications';
import { langOf } from '../http/context';
import { defineRoute } from '../http/define-route';
import type { ApiApp, AppServices } from '../http/services';

/** The notification page (/notification): only the caller's own notifications, ever. */
export function registerNotificationsRoutes(app: ApiApp, s: AppServices): void {
  defineRoute(app, listNotificationsRoute, s.requireFullAuth, async (c, { query }) => c.json(await listNotifications(s.db, c.get('session').userId, query, langOf(c)), 200));

  defineRoute(app, readAllNotificationsRoute, s.requireFullAuth, async (c) => c.json(await markAllNotificationsRead(s.db, c.get('session').userId, new Date(s.clock.now())), 200));

  defineRoute(app, readNotificationRoute, s.requireFullAuth, async (c, { params }) =>
    c.json(await markNotificationRead(s.db, c.get('session').userId, Number(params.id), new Date(s.clock.now())), 200),
  );
}
