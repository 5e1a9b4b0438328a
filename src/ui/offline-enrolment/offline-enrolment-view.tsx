import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CheckWhich } from '../../machines/offline-enrolment/offline-enrolment.machine';
import type { OfflineEnrolmentView as ViewModel, SessionView } from '../../machines/offline-enrolment/offline-enrolment.selectors';
import { LoadingOverlay } from '../layout/loading-overlay';
import { Button } from '../primitives/button';
import { Modal } from '../primitives/dialog';
import { offlineFormat } from '../offline-courses/offline-format';
import { OfflineTabs, StatusBadge } from '../offline-courses/offline-parts';
import '../offline-courses/offline-courses.css';
import './offline-enrolment-view.css';

export interface OfflineEnrolmentViewProps {
  view: ViewModel;
  onRetry: () => void;
  onRefresh: () => void;
  onEnrol: () => void;
  onBack: () => void;
  onToggleTerms: () => void;
  onSubmit: () => void;
  onCancel: () => void;
  onConfirmCancel: () => void;
  onDismissCancel: () => void;
  onCheck: (sessionId: string, which: CheckWhich, code: string) => void;
}

type Ready = Extract<ViewModel, { status: 'ready' }>;

function CheckForm({ session, onCheck }: { session: SessionView; onCheck: OfflineEnrolmentViewProps['onCheck'] }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const which = session.asks!;
  const label = which === 'in' ? t('offline:check_in_code') : t('offline:check_out_code');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onCheck(session.id, which, code);
  };
  return (
    <form className="offline-check" onSubmit={submit} data-testid={`check-${which}-form`}>
      <label>
        {label}
        <input
          value={code}
          onChange={(e) => setCode(e.target.value)}
          maxLength={20}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={session.problem !== undefined}
          data-testid="check-code"
        />
      </label>
      <Button type="submit" variant="accent" disabled={session.checking || code.trim() === ''}>
        {which === 'in' ? t('offline:check_in') : t('offline:check_out')}
      </Button>
      {session.problem !== undefined ? (
        <p role="alert" className="offline-alert" data-testid="check-problem">
          {session.problem ?? t('offline:check_failed')}
        </p>
      ) : null}
    </form>
  );
}

function Sessions({ view, onCheck }: { view: Ready; onCheck: OfflineEnrolmentViewProps['onCheck'] }) {
  const { t, i18n } = useTranslation();
  const f = offlineFormat(i18n.language);
  return (
    <section aria-labelledby="offline-sessions" className="offline-section">
      <h2 id="offline-sessions">{t('offline:sessions')}</h2>
      <ul className="offline-sessions">
        {view.sessions.map((s) => (
          <li key={s.id} className="offline-session" data-testid="offline-session" data-session-id={s.id}>
            <h3>{s.title}</h3>
            <p>
              {f.dateTime(s.starts_at)} – {f.time(s.ends_at)}
            </p>
            <p className="offline-muted">{t('offline:session_window', { from: f.dateTime(s.window_opens_at), to: f.dateTime(s.window_closes_at) })}</p>
            {s.attendance ? (
              <div className="offline-attendance" data-testid="offline-attendance">
                <p>{t('offline:checked_in_at', { time: f.dateTime(s.attendance.checked_in_at) })}</p>
                {s.attendance.checked_out_at ? (
                  <>
                    <p>{t('offline:checked_out_at', { time: f.dateTime(s.attendance.checked_out_at) })}</p>
                    <p data-testid="offline-attended">{t('offline:attended', { minutes: s.attendance.attended_minutes, count: s.attendance.attended_minutes })}</p>
                    <p data-testid="offline-cpd">{t('offline:cpd_credited', { minutes: s.cpdMinutes ?? 0, count: s.cpdMinutes ?? 0 })}</p>
                  </>
                ) : null}
              </div>
            ) : null}
            {s.asks ? <CheckForm key={s.asks} session={s} onCheck={onCheck} /> : null}
            {!s.asks && !s.attendance && view.enrolment?.status !== 'confirmed' ? <p className="offline-muted">{t('offline:check_only_confirmed')}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The prerequisite groups still missing, each course a link to it ("or" between a group's courses). */
function UnmetPrerequisites({ unmet }: { unmet: Ready['unmet'] }) {
  const { t } = useTranslation();
  return (
    <>
      <h3>{t('offline:unmet_title')}</h3>
      <p>{t('offline:unmet_intro')}</p>
      <ul>
        {unmet.map((g, i) => (
          <li key={i}>
            {g.courses.map((c, j) => (
              <span key={c.id}>
                {j > 0 ? ` ${t('offline:unmet_or')} ` : null}
                <Link to={`/course/${c.id}`}>{c.title}</Link>
              </span>
            ))}
          </li>
        ))}
      </ul>
    </>
  );
}

function EnrolmentPanel({ view, p }: { view: Ready; p: OfflineEnrolmentViewProps }) {
  const { t, i18n } = useTranslation();
  const f = offlineFormat(i18n.language);
  const e = view.enrolment;
  const failure = view.failure ? <p role="alert" className="offline-alert">{view.failure.message ?? (view.phase === 'accepting_terms' ? t('offline:submit_failed') : t('offline:cancel_failed'))}</p> : null;

  if (view.phase === 'accepting_terms' || view.phase === 'submitting') {
    return (
      <div className="offline-panel" data-testid="offline-terms">
        <h3>{t('offline:terms_title')}</h3>
        {view.joinsWaitingList ? <p>{t('offline:full_note')}</p> : null}
        <p>{t('offline:terms_text')}</p>
        <p className="offline-warning">{t('offline:terms_warning')}</p>
        <label className="offline-accept">
          <input type="checkbox" checked={view.termsAccepted} onChange={p.onToggleTerms} disabled={view.phase === 'submitting'} data-testid="offline-accept" />
          {t('offline:terms_accept')}
        </label>
        {failure}
        <div className="offline-actions">
          <Button variant="accent" onClick={p.onSubmit} disabled={!view.canSubmit} data-testid="offline-submit">
            {view.joinsWaitingList ? t('offline:submit_waiting') : t('offline:submit')}
          </Button>
          <Button onClick={p.onBack} disabled={view.phase === 'submitting'}>
            {t('offline:back')}
          </Button>
        </div>
      </div>
    );
  }
  const statusLine = (() => {
    switch (e?.status) {
      case 'pending':
        return t('offline:phase_pending');
      case 'confirmed':
        return t('offline:phase_confirmed');
      case 'waiting':
        return t('offline:phase_waiting', { position: e.waiting_position ?? '?' });
      case 'rejected':
        return e.decision_reason ? t('offline:phase_rejected_reason', { reason: e.decision_reason }) : t('offline:phase_rejected');
      case 'cancelled':
        return t('offline:phase_cancelled');
      default:
        return null;
    }
  })();
  const active = e && (e.status === 'pending' || e.status === 'confirmed' || e.status === 'waiting');
  return (
    <div className="offline-panel" data-testid="offline-enrolment-panel">
      {e ? (
        <p className="offline-status-line">
          <StatusBadge status={e.status} /> <span data-testid="offline-phase">{statusLine}</span>
        </p>
      ) : null}
      {e ? <p className="offline-muted">{t('offline:field_requested')}: {f.dateTime(e.requested_at)}</p> : null}
      {failure}
      {active ? (
        view.canCancel ? (
          <div className="offline-actions">
            <Button variant="danger" onClick={p.onCancel} data-testid="offline-cancel">
              {t('offline:cancel')}
            </Button>
            <span className="offline-muted">{t('offline:cancel_until', { deadline: f.dateTime(view.course.cancel_deadline) })}</span>
          </div>
        ) : (
          <p className="offline-muted">{t('offline:cancel_closed')}</p>
        )
      ) : null}
      {e?.status === 'pending' || e?.status === 'waiting' ? (
        <Button variant="ghost" onClick={p.onRefresh} data-testid="offline-refresh">
          {t('offline:refresh')}
        </Button>
      ) : null}
      {!active ? (
        view.canEnrol ? (
          <div className="offline-actions">
            {view.joinsWaitingList ? <p>{t('offline:full_note')}</p> : null}
            <Button variant="accent" onClick={p.onEnrol} data-testid="offline-enrol">
              {view.joinsWaitingList ? t('offline:join_waiting_list') : e ? t('offline:apply_again') : t('offline:enrol')}
            </Button>
          </div>
        ) : view.blockedByPrerequisites ? (
          <div data-testid="offline-unmet">
            <UnmetPrerequisites unmet={view.unmet} />
          </div>
        ) : view.course.availability === 'closed' ? (
          <p className="offline-muted">{t('offline:closed_note')}</p>
        ) : null
      ) : null}
    </div>
  );
}

/** A classroom course (SPEC §3 display fields), the learner's enrolment and the sessions' check-in and check-out. */
export function OfflineEnrolmentView(p: OfflineEnrolmentViewProps) {
  const { t, i18n } = useTranslation();
  const f = offlineFormat(i18n.language);
  const { view } = p;
  if (view.status === 'loading') return <LoadingOverlay text={t('common:loading')} />;
  if (view.status === 'load_failed') {
    return (
      <section className="offline-page">
        <div role="alert" className="offline-alert">
          <p>{view.message ?? t('offline:load_failed')}</p>
          <div className="offline-actions">
            <Button onClick={p.onRetry}>{t('offline:retry')}</Button>
            <Link to="/offline">{t('offline:back_to_list')}</Link>
          </div>
        </div>
      </section>
    );
  }
  const c = view.course;
  const fields: Array<[string, React.ReactNode]> = [
    [t('offline:field_venue'), c.venue],
    [t('offline:field_dates'), c.starts_at ? `${f.dateTime(c.starts_at)}${c.ends_at ? ` – ${f.dateTime(c.ends_at)}` : ''}` : '—'],
    [t('offline:field_fee'), c.fee === 0 ? t('offline:free') : t('offline:fee_amount', { currency: c.currency, amount: f.number(c.fee) })],
    [t('offline:field_initiator'), c.initiator],
    [t('offline:field_remaining'), t('offline:places_left', { remaining: c.remaining_quota, quota: c.quota })],
    [t('offline:field_application_date'), f.dateTime(c.applications_open_at)],
    [t('offline:field_enrol_deadline'), f.dateTime(c.enrol_deadline)],
    [t('offline:field_cancel_deadline'), f.dateTime(c.cancel_deadline)],
    [t('offline:field_duration'), t('offline:hours', { value: f.number(c.duration_hours), count: c.duration_hours })],
    [t('offline:field_cpd'), t('offline:hours', { value: f.number(c.cpd_hours), count: c.cpd_hours })],
    [t('offline:field_enquiry'), <a href={`mailto:${c.enquiry_email}`}>{c.enquiry_email}</a>],
    [t('offline:field_remarks'), c.remarks],
  ];
  return (
    <section className="offline-page offline-course" aria-labelledby="offline-course-title" aria-busy={view.busy}>
      <OfflineTabs />
      <header className="offline-course__header">
        <h1 id="offline-course-title">{c.title}</h1>
        <p>
          <span className={`offline-badge offline-badge--${c.availability}`}>{t(`offline:availability_${c.availability}`)}</span>{' '}
          <span className="offline-muted">{c.needs_approval ? t('offline:needs_approval') : t('offline:no_approval')}</span>
        </p>
        <p>{c.description}</p>
      </header>
      <div className="offline-course__body">
        <dl className="offline-fields" data-testid="offline-fields">
          {fields.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <aside className="offline-course__side" aria-label={t('offline:enrolment')}>
          <h2>{t('offline:enrolment')}</h2>
          {view.busy ? <LoadingOverlay /> : null}
          <EnrolmentPanel view={view} p={p} />
        </aside>
      </div>
      {c.prerequisites.length > 0 ? (
        <section aria-labelledby="offline-prerequisites" className="offline-section">
          <h2 id="offline-prerequisites">{t('offline:prerequisites')}</h2>
          <p>{t('offline:prerequisites_all')}</p>
          <ul data-testid="offline-prerequisites">
            {c.prerequisites.map((g, i) => (
              <li key={i} className={g.met ? 'offline-met' : 'offline-unmet'}>
                {g.courses.map((x) => `${x.title} (${x.completed ? t('offline:prerequisite_done') : t('offline:prerequisite_missing')})`).join(' / ')}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Sessions view={view} onCheck={p.onCheck} />
      <section aria-labelledby="offline-materials" className="offline-section">
        <h2 id="offline-materials">{t('offline:materials')}</h2>
        {c.materials.length === 0 ? (
          <p className="offline-muted">{t('offline:no_materials')}</p>
        ) : (
          <ul>
            {c.materials.map((m) => (
              <li key={m.id}>
                <Link to={`/courses/material/${m.id}`}>{m.name}</Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Modal
        open={view.phase === 'confirming_cancel' || view.phase === 'cancelling'}
        onOpenChange={(open) => (open ? undefined : p.onDismissCancel())}
        title={t('offline:cancel_title')}
        fallbackTitle={t('offline:cancel_title')}
        description={t('offline:cancel_question', { course: c.title })}
        role="alertdialog"
        testId="offline-cancel-dialog"
        footer={
          <>
            <Button onClick={p.onDismissCancel} disabled={view.phase === 'cancelling'}>
              {t('offline:cancel_keep')}
            </Button>
            <Button variant="danger" onClick={p.onConfirmCancel} disabled={view.phase === 'cancelling'} data-testid="offline-cancel-confirm">
              {t('offline:cancel_confirm')}
            </Button>
          </>
        }
      />
    </section>
  );
}
