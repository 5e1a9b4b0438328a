import { bearerSecurity, errorResponses, fullAuthErrors, json, route } from '../route-contract';
import { courseIdParamSchema } from './courses.schema';
import { notificationListResponseSchema, notificationsQuerySchema, notificationsReadResponseSchema } from './notifications.schema';

// ADR 018: the notification endpoints, declared once for the server, the client and the document.

const common = { tags: ['notifications'], security: bearerSecurity } as const;
/** The notification page (/notification). */
export const listNotificationsRoute = route({
  ...common,
  method: 'get',
  path: '/api/notifications',
  summary: 'The signed-in user’s notifications, newest first (`filter=unread`: the unread ones), texts in the request’s language',
  request: { query: notificationsQuerySchema },
  responses: { 200: json('A page of notifications', notificationListResponseSchema), ...errorResponses.badRequest, ...fullAuthErrors },
});

/** Reading a notification marks it read (again: no change). */
export const readNotificationRoute = route({
  ...common,
  method: 'post',
  path: '/api/notifications/:id/read',
  summary: 'Mark one of the caller’s notifications read; answers the unread count after it',
  request: { params: courseIdParamSchema },
  responses: {
    200: json('The unread count after it', notificationsReadResponseSchema),
    ...errorResponses.badRequest,
    ...fullAuthErrors,
    ...errorResponses.notFound,
  },
});

/** "Mark all as read". */
export const readAllNotificationsRoute = route({
  ...common,
  method: 'post',
  path: '/api/notifications/read',
  summary: 'Mark every notification of the caller read; answers the unread count after it (0)',
  responses: { 200: json('The unread count after it', notificationsReadResponseSchema), ...fullAuthErrors },
});
