import { useTranslation } from 'react-i18next';
import { OFFLINE_ENROLMENT_STATUSES } from '../../api/schemas/offline-courses.schema';
import type { OfflineEnrolment } from '../../api/schemas/offline-enrolments.schema';
import type { PagedListView } from '../../machines/paged-list/paged-list.selectors';
import { LoadingOverlay } from '../layout/loading-overlay';
import { Button } from '../primitives/button';
import { offlineFormat } from '../offline-courses/offline-format';
import { OfflinePager, OfflineTabs, StatusBadge } from '../offline-courses/offline-parts';
import '../offline-courses/offline-courses.css';

export interface OfflineEnrolmentsViewProps {
  view: PagedListView<OfflineEnrolment>;
  /** The status filter ('' = all). */
  status: string;
  page: number;
  onStatus: (status: string) => void;
  onPage: (page: number) => void;
  onRetry: () => void;
  onOpen: (courseId: string) => void;
}

/** /offline/mine: the learner's enrolments (active ones and history), with a status filter. */
export function OfflineEnrolmentsView(p: OfflineEnrolmentsViewProps) {
  const { t, i18n } = useTranslation();
  const f = offlineFormat(i18n.language);
  const rows = p.view.result?.data ?? [];
  return (
    <section className="offline-page" aria-labelledby="offline-mine-title">
      <h1 id="offline-mine-title">{t('offline:mine_title')}</h1>
      <OfflineTabs />
      <label className="offline-filters">
        {t('offline:filter_status')}
        <select value={p.status} onChange={(e) => p.onStatus(e.target.value)}>
          <option value="">{t('offline:filter_any')}</option>
          {OFFLINE_ENROLMENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`offline:status_${s}`)}
            </option>
          ))}
        </select>
      </label>
      <div className="offline-page__list" aria-busy={p.view.status === 'loading'}>
        {p.view.status === 'loading' ? <LoadingOverlay text={t('common:loading')} /> : null}
        {p.view.status === 'failed' ? (
          <div role="alert" className="offline-alert">
            <p>{p.view.failure?.kind === 'server' ? p.view.failure.message : t('offline:load_failed')}</p>
            <Button onClick={p.onRetry}>{t('offline:retry')}</Button>
          </div>
        ) : null}
        {p.view.status === 'empty' ? <p className="offline-muted">{t('offline:empty_mine')}</p> : null}
        {rows.length > 0 && p.view.status !== 'failed' && p.view.status !== 'empty' ? (
          <table className="offline-table" data-testid="offline-enrolments">
            <thead>
              <tr>
                <th scope="col">{t('offline:mine_course')}</th>
                <th scope="col">{t('offline:mine_status')}</th>
                <th scope="col">{t('offline:mine_starts')}</th>
                <th scope="col">{t('offline:mine_requested')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((e) => (
                <tr key={e.id} data-testid="offline-enrolment-row">
                  <td>
                    <a
                      href={`/offline/${e.course_id}`}
                      onClick={(ev) => {
                        ev.preventDefault();
                        p.onOpen(e.course_id);
                      }}
                    >
                      {e.course_title}
                    </a>
                    <div className="offline-muted">{e.venue}</div>
                  </td>
                  <td>
                    <StatusBadge status={e.status} />
                    {e.waiting_position ? <div className="offline-muted">{t('offline:phase_waiting', { position: e.waiting_position })}</div> : null}
                  </td>
                  <td>{e.starts_at ? f.dateTime(e.starts_at) : ''}</td>
                  <td>{f.dateTime(e.requested_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </div>
      <OfflinePager page={p.page} pages={p.view.pages} onPage={p.onPage} />
    </section>
  );
}
