import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import type { OfflineEnrolmentStatus } from '../../api/schemas/offline-courses.schema';
import { Button } from '../primitives/button';

// Pieces every classroom page shares: the tabs, the status badge and the pager (texts of the `offline` namespace).

export function OfflineTabs() {
  const { t } = useTranslation();
  return (
    <nav className="offline-tabs" aria-label={t('offline:title')}>
      <NavLink to="/offline" end>
        {t('offline:tab_courses')}
      </NavLink>
      <NavLink to="/offline/mine">{t('offline:tab_mine')}</NavLink>
    </nav>
  );
}

export function StatusBadge({ status }: { status: OfflineEnrolmentStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`offline-badge offline-badge--${status}`} data-testid="offline-status">
      {t(`offline:status_${status}`)}
    </span>
  );
}

export function OfflinePager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav className="offline-pager" aria-label={t('offline:page_of', { page, pages })}>
      <Button onClick={() => onPage(page - 1)} disabled={page <= 1}>
        {t('offline:previous')}
      </Button>
      <span>{t('offline:page_of', { page, pages })}</span>
      <Button onClick={() => onPage(page + 1)} disabled={page >= pages}>
        {t('offline:next')}
      </Button>
    </nav>
  );
}
