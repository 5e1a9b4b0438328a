import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { NotificationAbout, NotificationListResponse, NotificationsQuery, NotificationsReadResponse } from '../../src/api/schemas/notifications.schema';
import type { Language } from '../../src/config/constants';
import type { Db } from '../db/client';
import { notificationMessages, notifications, users } from '../db/schema';
import { HttpError } from '../http/errors';
import { paging } from './courses';
import { renderNotification } from './notification-messages';

// The notification page (SPEC §2): the caller's notifications and marking them read. The unread
// count is users.unread_notification_count, kept by the triggers of migration 0017; an answer
// reads it back after the update, in the same transaction, so it is what the server holds.

/** What the notification leads to: its course, or the classroom course holding its enrolment. */
function aboutOf(n: { courseId: number | null; offlineCourseId: number | null }): NotificationAbout {
  if (n.offlineCourseId !== null) return { type: 'offline_course', id: String(n.offlineCourseId) };
  if (n.courseId !== null) return { type: 'course', id: String(n.courseId) };
  return null;
}

/** GET notifications: the user's own, newest first, in `lang` when the server wrote message keys. */
export async function listNotifications(db: Db, userId: number, query: NotificationsQuery, lang: Language): Promise<NotificationListResponse> {
  const where: SQL[] = [eq(notifications.userId, userId)];
  if (query.filter === 'unread') where.push(isNull(notifications.readAt));
  const [{ total }] = await db
    .select({ total: count() })
    .from(notifications)
    .where(and(...where));
  const { limit, offset } = paging(query.page, query.per_page);
  const rows = await db
    .select({ n: notifications, m: notificationMessages })
    .from(notifications)
    .leftJoin(notificationMessages, eq(notificationMessages.notificationId, notifications.id))
    .where(and(...where))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
    .offset(offset);
  return {
    data: rows.map(({ n, m }) => {
      // Without message keys (written before them, or by hand) the stored text is all there is.
      const text = m ? renderNotification(m, lang) : { title: n.title, body: n.body };
      return {
        id: String(n.id),
        kind: n.kind,
        sender: n.sender,
        title: text.title,
        body: text.body,
        created_at: n.createdAt.toISOString(),
        read: n.readAt !== null,
        about: aboutOf(n),
      };
    }),
    page: query.page,
    per_page: query.per_page,
    total,
  };
}

async function unreadCount(tx: Db, userId: number): Promise<NotificationsReadResponse> {
  const [row] = await tx.select({ n: users.unreadNotificationCount }).from(users).where(eq(users.id, userId));
  return { unread_notifications_count: row?.n ?? 0 };
}

/** Marks one of the user's notifications read (an already read one keeps its read_at); another user's or a missing one: 404. */
export function markNotificationRead(db: Db, userId: number, notificationId: number, now: Date): Promise<NotificationsReadResponse> {
  return db.transaction(async (tx) => {
    const mine = and(eq(notifications.id, notificationId), eq(notifications.userId, userId));
    const updated = await tx
      .update(notifications)
      .set({ readAt: now })
      .where(and(mine, isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    if (updated.length === 0) {
      const [found] = await tx.select({ id: notifications.id }).from(notifications).where(mine);
      if (!found) throw new HttpError(404, 'server:notification_not_found');
    }
    return unreadCount(tx, userId);
  });
}

/** "Mark all as read": every unread notification of the user. */
export function markAllNotificationsRead(db: Db, userId: number, now: Date): Promise<NotificationsReadResponse> {
  return db.transaction(async (tx) => {
    await tx
      .update(notifications)
      .set({ readAt: now })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return unreadCount(tx, userId);
  });
}
