import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { NotificationsQuery } from '../../machines/notifications/notifications.machine';
import { selectNotificationsView } from '../../machines/notifications/notifications.selectors';
import { NotificationsView } from '../../ui/notifications/notifications-view';
import { pageOf } from '../courses/list-params';
import { notificationsRouteMachine } from './notifications.actor';
import { NotificationsNamespace } from './notifications-namespace';

export const NOTIFICATIONS_PER_PAGE = 10;

/** The address is the page's state: ?filter=unread&page=2 (anything else is ignored). */
function queryOf(params: URLSearchParams, lang: string): NotificationsQuery {
  const unread = params.get('filter') === 'unread';
  return { ...(unread ? { filter: 'unread' as const } : {}), page: pageOf(params.get('page')), per_page: NOTIFICATIONS_PER_PAGE, lang };
}

function NotificationsPage() {
  const { i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = queryOf(params, i18n.language);
  const actor = useActorRef(notificationsRouteMachine, { input: { query } });
  // The machine compares by value: the same query on every render does not reload.
  useEffect(() => {
    actor.send({ type: 'query.change', query });
  });
  const view = useSelector(actor, selectNotificationsView);
  const write = (unread: boolean, page: number, replace = false) => {
    const out = new URLSearchParams();
    if (unread) out.set('filter', 'unread');
    if (page > 1) out.set('page', String(page));
    setParams(out, { replace });
  };
  // A page past the last one (an old link, notifications read away) shows the last page.
  const goTo = view.pastEndGoTo;
  useEffect(() => {
    if (goTo !== null) write(query.filter === 'unread', goTo, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the machine says so
  }, [goTo]);
  return (
    <NotificationsView
      view={view}
      unreadOnly={query.filter === 'unread'}
      page={query.page}
      onUnreadOnly={(unread) => write(unread, 1)}
      onPage={(page) => write(query.filter === 'unread', page)}
      onRetry={() => actor.send({ type: 'retry' })}
      onMarkRead={(id) => actor.send({ type: 'notification.read', id })}
      onMarkAllRead={() => actor.send({ type: 'notifications.read_all' })}
    />
  );
}

/** /notification: the learner's notifications, newest first; reading marks them read (SPEC §2). */
export default function NotificationsRoute() {
  return (
    <NotificationsNamespace>
      <NotificationsPage />
    </NotificationsNamespace>
  );
}
