import { useTranslation } from 'react-i18next';

/** SPEC §2: a red dot on the notification link when there are unread notifications. */
export function UnreadDot({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return <span className="unread-dot" data-testid="unread-dot" role="img" aria-label={t('layout:unread_notifications', { count })} />;
}
