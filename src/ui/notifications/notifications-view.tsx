import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { NotificationCardView, NotificationsViewModel } from '../../machines/notifications/notifications.selectors';
import { formatDate } from '../courses/format';
import { ListState } from '../courses/list-state';
import { Pagination } from '../courses/pagination';
import { Button } from '../primitives/button';
import '../courses/courses.css';
import './notifications.css';

export interface NotificationsViewProps {
  view: NotificationsViewModel;
  /** The "Unread" filter is on. */
  unreadOnly: boolean;
  page: number;
  onUnreadOnly: (unread: boolean) => void;
  onPage: (page: number) => void;
  onRetry: () => void;
  onMarkRead: (id: string) => void;
  onMarkAllRead: () => void;
}

/** The notification page (SPEC §2, the page behind the red dot): newest first, unread ones marked. */
export function NotificationsView(p: NotificationsViewProps) {
  const { t } = useTranslation();
  const { view } = p;
  return (
    <section className="catalogue-view notifications-view" aria-labelledby="notifications-title">
      <h1 id="notifications-title">{t('notifications:title')}</h1>
      <div className="notifications-view__bar">
        <div role="group" aria-label={t('notifications:filter_label')} className="notifications-view__filter">
          <Button variant={p.unreadOnly ? 'secondary' : 'primary'} aria-pressed={!p.unreadOnly} onClick={() => p.onUnreadOnly(false)}>
            {t('notifications:filter_all')}
          </Button>
          <Button variant={p.unreadOnly ? 'primary' : 'secondary'} aria-pressed={p.unreadOnly} onClick={() => p.onUnreadOnly(true)}>
            {t('notifications:filter_unread')}
          </Button>
        </div>
        {view.status === 'loaded' ? (
          <Button variant="accent" disabled={!view.canMarkAll} aria-busy={view.markingAll} onClick={p.onMarkAllRead}>
            {view.markingAll ? t('notifications:marking_all') : t('notifications:mark_all')}
          </Button>
        ) : null}
      </div>
      {view.markFailure ? (
        <p role="alert" className="notifications-view__error">
          {view.markFailure.kind === 'server' ? view.markFailure.message : t('notifications:mark_failed')}
        </p>
      ) : null}
      <ListState
        status={view.status}
        failure={view.failure}
        loadingText={t('notifications:loading')}
        emptyText={p.unreadOnly ? t('notifications:empty_unread') : t('notifications:empty')}
        failedText={t('notifications:failed')}
        onRetry={p.onRetry}
      >
        {view.items.length > 0 ? (
          <ul className="news-list">
            {view.items.map((n) => (
              <li key={n.id}>
                <NotificationCard notification={n} onMarkRead={p.onMarkRead} />
              </li>
            ))}
          </ul>
        ) : null}
      </ListState>
      {view.status === 'loaded' ? <Pagination page={p.page} pages={view.pages} onPage={p.onPage} /> : null}
    </section>
  );
}

/** SPEC §3: "Administrator appears as a sender of recommendations": that sender in the reader's
 * language; any other as stored; none is the product itself. */
function senderName(sender: string | null, t: (key: string) => string): string {
  if (sender === null) return t('notifications:system_sender');
  return sender === 'Administrator' ? t('notifications:sender_administrator') : sender;
}

function NotificationCard({ notification: n, onMarkRead }: { notification: NotificationCardView; onMarkRead: (id: string) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <article className={`notification${n.read ? '' : ' notification--unread'}`} data-testid="notification" aria-labelledby={`notification-${n.id}`}>
      <p className="notification__meta">
        {n.read ? null : <span className="notification__dot" aria-hidden="true" />}
        <span className="notification__kind">{t(`notifications:kind.${n.kind}`)}</span>
        <span>{t('notifications:from', { sender: senderName(n.sender, t) })}</span>
        <time dateTime={n.created_at}>{formatDate(n.created_at, i18n.language)}</time>
        <span className="notification__state">{n.read ? t('notifications:read') : t('notifications:unread')}</span>
      </p>
      <h2 id={`notification-${n.id}`}>{n.title}</h2>
      {n.body
        .split(/\n\s*\n/)
        .filter((s) => s.trim())
        .map((text, i) => (
          <p key={i} className="notification__body">
            {text.trim()}
          </p>
        ))}
      {n.href ? (
        <p>
          <Link className="notification__open" to={n.href} aria-describedby={`notification-${n.id}`} data-testid="notification-link">
            {n.linkKind === 'course' ? t('notifications:open_course') : t('notifications:open_offline_course')}
          </Link>
        </p>
      ) : null}
      {n.read ? null : (
        <Button
          className="notification__mark"
          disabled={!n.canMarkRead}
          aria-busy={n.marking}
          aria-label={n.marking ? undefined : t('notifications:mark_read_label', { title: n.title })}
          onClick={() => onMarkRead(n.id)}
        >
          {n.marking ? t('notifications:marking') : t('notifications:mark_read')}
        </Button>
      )}
    </article>
  );
}
