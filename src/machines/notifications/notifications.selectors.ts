import type { SnapshotFrom } from 'xstate';
import type { Notification } from '../../api/schemas/notifications.schema';
import { pageCount, type PagedListStatus } from '../paged-list/paged-list.selectors';
import { failureView, type FailureView } from '../shared/submission-error';
import type { notificationsMachine } from './notifications.machine';

export interface NotificationCardView extends Notification {
  /** The app page it leads to (its course, the classroom course with the enrolment), or null. */
  href: string | null;
  /** Which words the link has: 'course' or 'offline_course'. */
  linkKind: 'course' | 'offline_course' | null;
  /** "Mark as read" is offered on it (unread, and nothing being marked). */
  canMarkRead: boolean;
  /** Its mark (or "mark all") is with the server. */
  marking: boolean;
}

export interface NotificationsViewModel {
  status: PagedListStatus;
  items: NotificationCardView[];
  failure: FailureView;
  pages: number;
  /** "Mark all as read" is offered: some notification on the page is unread, nothing is being marked. */
  canMarkAll: boolean;
  markingAll: boolean;
  /** Why the last mark failed (the server's words), or a generic failure. */
  markFailure: FailureView;
  /** The page asked for is past the last one: the page to show instead. */
  pastEndGoTo: number | null;
}

/** Where a notification leads in the app (src/routes/router.tsx paths). */
export function notificationHref(about: Notification['about']): string | null {
  if (!about) return null;
  return about.type === 'course' ? `/course/${about.id}` : `/offline/${about.id}`;
}

type Snapshot = SnapshotFrom<typeof notificationsMachine>;

/** The view model of the notification page; what it offers is what the machine takes. */
export function selectNotificationsView(snapshot: Snapshot): NotificationsViewModel {
  const status: PagedListStatus = snapshot.matches('loaded') ? 'loaded' : snapshot.matches('empty') ? 'empty' : snapshot.matches('failed') ? 'failed' : 'loading';
  const { result, marking, error, markFailed, markError } = snapshot.context;
  const items = (result?.data ?? []).map((n) => ({
    ...n,
    href: notificationHref(n.about),
    linkKind: n.about?.type ?? null,
    canMarkRead: snapshot.can({ type: 'notification.read', id: n.id }),
    marking: marking === 'all' ? !n.read : marking === n.id,
  }));
  return {
    status,
    items,
    failure: failureView(status === 'failed', error),
    pages: pageCount(result),
    canMarkAll: snapshot.can({ type: 'notifications.read_all' }),
    markingAll: marking === 'all',
    markFailure: failureView(markFailed, markError),
    pastEndGoTo: status === 'loaded' && items.length === 0 && result !== null && result.page > pageCount(result) ? pageCount(result) : null,
  };
}
