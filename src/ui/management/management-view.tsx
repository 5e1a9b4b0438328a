import { formatCalendarDay, formatDateTime } from '../format/date-format';
import { DateInput } from '../primitives/date-input';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ManagedEnrolment, ManagedEnrolmentList } from '../../api/schemas/management.schema';
import { languageHeaderValue, MANAGER_ASSIGN_MAX_BATCH as MAX_ASSIGN_BATCH } from '../../config/constants';
import type { ManagementTab } from '../../machines/management/management.machine';
import type { AssignView, ManagementViewModel } from '../../machines/management/management.selectors';
import { LoadingOverlay } from '../layout/loading-overlay';
import { Button } from '../primitives/button';
import { Modal } from '../primitives/dialog';
import './management.css';

/** The page's sections, in order. */
const TABS: readonly ManagementTab[] = ['pending', 'confirmed', 'rejected', 'assign', 'report'];

export interface ManagementCallbacks {
  onTab: (tab: ManagementTab) => void;
  onSearch: (q: string) => void;
  onPage: (page: number) => void;
  onPeriod: (from: string | null, to: string | null) => void;
  onRetry: () => void;
  onApprove: (id: string) => void;
  onRejectOpen: (id: string) => void;
  onRejectCancel: () => void;
  onRejectConfirm: (reason: string) => void;
  onApproveAll: () => void;
  onCourse: (courseId: string) => void;
  onToggle: (userId: string) => void;
  onAssign: () => void;
  onDownloadCsv: () => void;
}

export interface ManagementViewProps extends ManagementCallbacks {
  view: ManagementViewModel;
  /** Where recruit accounts are created (another page); no link while it does not exist. */
  recruitsHref?: string;
}

function useFormats() {
  const { i18n } = useTranslation();
  const locale = languageHeaderValue(i18n.language);
  const hours = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  return { when: (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : '—'), day: (d: string) => formatCalendarDay(d, i18n.language), hours: (n: number) => hours.format(n) };
}

/** /management: the manager's downlines' classroom enrolments, assignment and the user report. */
export function ManagementView({ view, recruitsHref, ...on }: ManagementViewProps) {
  const { t } = useTranslation();
  return (
    <section className="management-view" aria-labelledby="management-title" data-testid="management-view">
      <header className="management-view__header">
        <h1 id="management-title">{t('management:title')}</h1>
        {recruitsHref ? (
          <Link className="management-view__recruits" to={recruitsHref}>
            {t('management:recruits_link')}
          </Link>
        ) : null}
      </header>
      <div className="management-view__tabs" role="tablist" aria-label={t('management:tabs_label')}>
        {TABS.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            aria-selected={tab === view.tab}
            className={tab === view.tab ? 'management-view__tab management-view__tab--current' : 'management-view__tab'}
            onClick={() => on.onTab(tab)}
            disabled={view.busy && view.status !== 'loading'}
            data-testid={`management-tab-${tab}`}
          >
            {t(`management:tab_${tab}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="management-view__panel">
        <Notice view={view} />
        {view.error !== null && view.rejecting === null ? (
          <div role="alert" className="management-view__error" data-testid="management-error">
            <p>{view.status === 'loadFailed' ? t('management:load_failed') : view.error || t('management:error_generic')}</p>
            {view.status === 'loadFailed' ? <Button onClick={on.onRetry}>{t('management:retry')}</Button> : null}
          </div>
        ) : null}
        {view.status === 'loading' ? <LoadingOverlay text={t('common:loading')} /> : null}
        {view.list ? <EnrolmentLists view={view} list={view.list} {...on} /> : null}
        {view.assign ? <AssignPanel assign={view.assign} busy={view.busy} {...on} /> : null}
        {view.tab === 'report' ? <ReportPanel key={view.report ? `${view.report.from}:${view.report.to}` : 'none'} view={view} {...on} /> : null}
      </div>
      <RejectDialog key={view.rejecting?.id ?? 'none'} view={view} {...on} />
    </section>
  );
}

function Notice({ view }: { view: ManagementViewModel }) {
  const { t } = useTranslation();
  const n = view.notice;
  if (!n) return null;
  return (
    <div role="status" className="management-view__notice" data-testid="management-notice">
      {n.kind === 'approved' ? <p>{t('management:notice_approved')}</p> : null}
      {n.kind === 'rejected' ? <p>{t('management:notice_rejected')}</p> : null}
      {n.kind === 'downloaded' ? <p>{t('management:notice_downloaded')}</p> : null}
      {n.kind === 'approvedAll' ? (
        <>
          <p>{t('management:notice_approved_all', { count: n.approved })}</p>
          {n.leftPending.length > 0 ? (
            <>
              <p>{t('management:notice_left_pending', { count: n.leftPending.length })}</p>
              <ul>
                {[...new Set(n.leftPending.map((l) => l.reason))].map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      ) : null}
      {n.kind === 'assigned' ? (
        <p>
          {t('management:notice_assigned', { count: n.assigned })} {n.already > 0 ? t('management:notice_already', { count: n.already }) : null}
        </p>
      ) : null}
    </div>
  );
}

function Pager({ list, onPage, busy }: { list: ManagedEnrolmentList; onPage: (page: number) => void; busy: boolean }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(list.total / list.per_page));
  if (pages <= 1) return null;
  return (
    <nav className="management-view__pages" aria-label={t('management:page_of', { page: list.page, pages })}>
      <Button onClick={() => onPage(list.page - 1)} disabled={busy || list.page <= 1}>
        {t('management:previous')}
      </Button>
      <span>{t('management:page_of', { page: list.page, pages })}</span>
      <Button onClick={() => onPage(list.page + 1)} disabled={busy || list.page >= pages}>
        {t('management:next')}
      </Button>
    </nav>
  );
}

function EnrolmentLists({ view, list, ...on }: { view: ManagementViewModel; list: ManagedEnrolmentList } & ManagementCallbacks) {
  const { t } = useTranslation();
  const [q, setQ] = useState(view.q);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    on.onSearch(q);
  };
  const pending = view.tab === 'pending';
  return (
    <>
      <div className="management-view__toolbar">
        <form className="management-view__search" role="search" onSubmit={submit}>
          <label>
            <span className="management-view__label">{t('management:search_label')}</span>
            <input type="search" value={q} maxLength={100} onChange={(e) => setQ(e.target.value)} data-testid="management-search" />
          </label>
          <Button type="submit" disabled={view.busy}>
            {t('management:search_button')}
          </Button>
        </form>
        {pending ? (
          <Button variant="accent" onClick={on.onApproveAll} disabled={!view.canApproveAll} data-testid="approve-all">
            {t('management:approve_all')}
          </Button>
        ) : null}
      </div>
      {view.status !== 'loading' && list.data.length === 0 ? <p className="management-view__empty">{t(`management:empty_${view.tab}`)}</p> : null}
      {list.data.length > 0 ? <EnrolmentTable rows={list.data} view={view} {...on} /> : null}
      <Pager list={list} onPage={on.onPage} busy={view.busy} />
    </>
  );
}

function EnrolmentTable({ rows, view, onApprove, onRejectOpen, history = false }: { rows: ManagedEnrolment[]; view: Pick<ManagementViewModel, 'tab' | 'busy'>; history?: boolean } & Pick<ManagementCallbacks, 'onApprove' | 'onRejectOpen'>) {
  const { t } = useTranslation();
  const f = useFormats();
  const pending = view.tab === 'pending' && !history;
  const decided = view.tab !== 'pending' || history;
  return (
    <div className="management-view__scroll">
      <table className="management-view__table" data-testid="management-table">
        <thead>
          <tr>
            <th scope="col">{t('management:col_learner')}</th>
            <th scope="col">{t('management:col_course')}</th>
            <th scope="col">{t('management:col_session')}</th>
            <th scope="col">{t('management:col_requested')}</th>
            {decided ? <th scope="col">{t('management:col_decided')}</th> : null}
            {view.tab === 'rejected' ? <th scope="col">{t('management:col_reason')}</th> : null}
            {pending ? <th scope="col">{t('management:col_seats')}</th> : null}
            {pending ? <th scope="col">{t('management:col_actions')}</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} data-testid="management-row">
              <td data-label={t('management:col_learner')}>
                <span className="management-view__name">{r.user_name}</span> <span className="management-view__code">{r.agent_code}</span>
                {r.source === 'manager' && !history ? <span className="management-view__badge">{t('management:source_manager')}</span> : null}
              </td>
              <td data-label={t('management:col_course')}>{r.course_title}</td>
              <td data-label={t('management:col_session')}>{f.when(r.starts_at)}</td>
              <td data-label={t('management:col_requested')}>{f.when(r.requested_at)}</td>
              {decided ? <td data-label={t('management:col_decided')}>{f.when(r.decided_at)}</td> : null}
              {view.tab === 'rejected' ? <td data-label={t('management:col_reason')}>{r.reason}</td> : null}
              {pending ? <td data-label={t('management:col_seats')}>{r.remaining_quota}</td> : null}
              {pending ? (
                <td data-label={t('management:col_actions')}>
                  <div className="management-view__actions">
                    <Button variant="primary" onClick={() => onApprove(r.id)} disabled={view.busy || r.blocked !== null} data-testid="approve">
                      {t('management:approve')}
                    </Button>
                    <Button variant="danger" onClick={() => onRejectOpen(r.id)} disabled={view.busy} data-testid="reject">
                      {t('management:reject')}
                    </Button>
                  </div>
                  {r.blocked ? <p className="management-view__blocked">{r.blocked}</p> : null}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AssignPanel({ assign, busy, onCourse, onToggle, onAssign, onPage, onApprove, onRejectOpen }: { assign: AssignView; busy: boolean } & ManagementCallbacks) {
  const { t } = useTranslation();
  return (
    <div className="management-view__assign">
      <p>{t('management:assign_intro', { max: MAX_ASSIGN_BATCH })}</p>
      {assign.courses.length === 0 ? (
        <p className="management-view__empty">{t('management:assign_no_courses')}</p>
      ) : (
        <label className="management-view__field">
          <span className="management-view__label">{t('management:assign_course_label')}</span>
          <select value={assign.courseId ?? ''} onChange={(e) => onCourse(e.target.value)} disabled={busy} data-testid="assign-course">
            <option value="" disabled>
              {t('management:assign_course_placeholder')}
            </option>
            {assign.courses.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title} ({t('management:seats_left', { count: c.remaining_quota })})
              </option>
            ))}
          </select>
        </label>
      )}
      <fieldset className="management-view__downlines">
        <legend>{t('management:assign_downlines')}</legend>
        <p aria-live="polite">
          {assign.full ? t('management:assign_full', { max: MAX_ASSIGN_BATCH }) : t('management:assign_selected', { count: assign.selected.length, max: MAX_ASSIGN_BATCH })}
        </p>
        <ul>
          {assign.downlines.map((d) => {
            const checked = assign.selected.includes(d.id);
            return (
              <li key={d.id}>
                <label>
                  <input type="checkbox" checked={checked} disabled={busy || (!checked && assign.full)} onChange={() => onToggle(d.id)} data-testid={`assign-downline-${d.agent_code}`} />
                  {d.name} <span className="management-view__code">{d.agent_code}</span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <Button variant="accent" onClick={onAssign} disabled={!assign.canSubmit} data-testid="assign-submit">
        {t('management:assign_submit')}
      </Button>
      <h2>{t('management:assign_history')}</h2>
      {assign.history.data.length === 0 ? (
        <p className="management-view__empty">{t('management:assign_no_history')}</p>
      ) : (
        <EnrolmentTable rows={assign.history.data} view={{ tab: 'assign', busy }} history onApprove={onApprove} onRejectOpen={onRejectOpen} />
      )}
      <Pager list={assign.history} onPage={onPage} busy={busy} />
    </div>
  );
}

function ReportPanel({ view, onPeriod, onDownloadCsv }: { view: ManagementViewModel } & ManagementCallbacks) {
  const { t } = useTranslation();
  const f = useFormats();
  const report = view.report;
  const [from, setFrom] = useState(view.period.from ?? report?.from ?? '');
  const [to, setTo] = useState(view.period.to ?? report?.to ?? '');
  // A bound that is no date (typed half) or a period that ends before it starts.
  const isDay = (d: string) => d === '' || /^\d{4}-\d{2}-\d{2}$/.test(d);
  const bad = !isDay(from) || !isDay(to) || (from !== '' && to !== '' && from > to);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!bad) onPeriod(from || null, to || null);
  };
  return (
    <div className="management-view__report">
      <p>{t('management:report_intro')}</p>
      <form className="management-view__period" onSubmit={submit}>
        <label>
          <span className="management-view__label">{t('management:report_from')}</span>
          <DateInput value={from} onValueChange={setFrom} data-testid="report-from" />
        </label>
        <label>
          <span className="management-view__label">{t('management:report_to')}</span>
          <DateInput value={to} onValueChange={setTo} data-testid="report-to" />
        </label>
        <Button type="submit" disabled={view.busy || bad}>
          {t('management:report_apply')}
        </Button>
        <Button variant="accent" onClick={onDownloadCsv} disabled={view.busy || !report} data-testid="report-csv">
          {t('management:report_csv')}
        </Button>
      </form>
      {bad ? <p className="management-view__blocked">{t('management:report_bad_period')}</p> : null}
      {report ? <p className="management-view__period-shown">{t('management:report_period', { from: f.day(report.from), to: f.day(report.to) })}</p> : null}
      {report && report.rows.length === 0 ? <p className="management-view__empty">{t('management:report_empty')}</p> : null}
      {report && report.rows.length > 0 ? (
        <div className="management-view__scroll">
          <table className="management-view__table" data-testid="report-table">
            <thead>
              <tr>
                <th scope="col">{t('management:col_learner')}</th>
                <th scope="col">{t('management:col_completed')}</th>
                <th scope="col">{t('management:col_in_progress')}</th>
                <th scope="col">{t('management:col_overdue')}</th>
                <th scope="col">{t('management:col_on_screen')}</th>
                <th scope="col">{t('management:col_cpd_ethics')}</th>
                <th scope="col">{t('management:col_cpd_other')}</th>
              </tr>
            </thead>
            <tbody>
              {report.rows.map((r) => (
                <tr key={r.user_id} data-testid="report-row">
                  <td data-label={t('management:col_learner')}>
                    <span className="management-view__name">{r.name}</span> <span className="management-view__code">{r.agent_code}</span>
                  </td>
                  <td data-label={t('management:col_completed')}>{r.completed}</td>
                  <td data-label={t('management:col_in_progress')}>{r.in_progress}</td>
                  <td data-label={t('management:col_overdue')} className={r.overdue > 0 ? 'management-view__overdue' : undefined}>
                    {r.overdue}
                  </td>
                  <td data-label={t('management:col_on_screen')}>{f.hours(r.on_screen_hours)}</td>
                  <td data-label={t('management:col_cpd_ethics')} data-testid="cpd-ethics">
                    {f.hours(r.cpd_ethics_hours)}
                  </td>
                  <td data-label={t('management:col_cpd_other')}>{f.hours(r.cpd_other_hours)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

function RejectDialog({ view, onRejectCancel, onRejectConfirm }: { view: ManagementViewModel } & ManagementCallbacks) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const target = view.rejecting;
  const blank = reason.trim().length === 0;
  const close = () => {
    setReason('');
    setTried(false);
    onRejectCancel();
  };
  const confirm = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!blank) onRejectConfirm(reason);
  };
  return (
    <Modal
      open={target !== null}
      onOpenChange={(open) => (open || view.busy ? undefined : close())}
      title={target ? t('management:reject_title', { name: target.user_name }) : undefined}
      fallbackTitle={t('management:reject')}
      description={target ? t('management:reject_intro', { course: target.course_title }) : undefined}
      role="alertdialog"
      testId="reject-dialog"
    >
      <form className="management-view__reject" onSubmit={confirm}>
        <label>
          <span className="management-view__label">{t('management:reject_reason_label')}</span>
          <textarea value={reason} maxLength={500} rows={3} onChange={(e) => setReason(e.target.value)} aria-invalid={tried && blank} data-testid="reject-reason" />
        </label>
        {tried && blank ? (
          <p role="alert" className="management-view__blocked">
            {t('management:reject_reason_required')}
          </p>
        ) : null}
        {view.error !== null && target ? (
          <p role="alert" className="management-view__blocked">
            {view.error || t('management:error_generic')}
          </p>
        ) : null}
        <div className="dialog-footer">
          <Button onClick={close} disabled={view.busy}>
            {t('management:cancel')}
          </Button>
          <Button type="submit" variant="danger" disabled={view.busy} data-testid="reject-confirm">
            {t('management:reject_confirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
