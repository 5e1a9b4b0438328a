import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CpdEvidence, CpdLedgerRow } from '../../api/schemas/cpd-ledger.schema';
import type { CpdEvidenceView } from '../../machines/cpd-ledger/cpd-ledger.selectors';
import { formatCalendarDay, formatDateTime, formatTime } from '../format/date-format';
import { Button } from '../primitives/button';
import { Modal } from '../primitives/dialog';
import { durationText, hoursText } from './cpd-format';

/** The auditor's evidence replay pages (issue 46): of the day of a moment, of a row's course (null: none). */
export interface CpdReplayLinks {
  ofDay: (at: string) => string;
  ofRow: (row: CpdLedgerRow) => string | null;
}

export interface CpdEvidenceDialogProps {
  evidence: CpdEvidenceView | null;
  onRetry: () => void;
  onClose: () => void;
  replayLinks?: CpdReplayLinks;
}

/** What backs one ledger row (issue 45): credited seconds per item with viewings, check-in/out, or the claim. */
export function CpdEvidenceDialog({ evidence, onRetry, onClose, replayLinks }: CpdEvidenceDialogProps) {
  const { t } = useTranslation();
  const row = evidence?.row;
  return (
    <Modal
      open={evidence !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={row ? t('cpd:open_evidence_of', { title: row.title }) : undefined}
      fallbackTitle={t('cpd:evidence.title')}
      panelClassName="cpd-evidence"
      testId="cpd-evidence"
      footer={
        <Button variant="primary" onClick={onClose} data-testid="cpd-evidence-close">
          {t('cpd:evidence.close')}
        </Button>
      }
    >
      {evidence ? <EvidenceBody view={evidence} onRetry={onRetry} replayLinks={replayLinks} /> : null}
    </Modal>
  );
}

function EvidenceBody({ view, onRetry, replayLinks }: { view: CpdEvidenceView; onRetry: () => void; replayLinks?: CpdReplayLinks }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { row } = view;
  const ofRow = replayLinks?.ofRow(row) ?? null;
  return (
    <div className="cpd-evidence__body">
      <p className="cpd-evidence__counted">{t('cpd:evidence.counted', { hours: hoursText(t, 'cpd:hours', row.minutes), date: formatCalendarDay(row.completed_on, lang) })}</p>
      {row.reference ? <p className="cpd-evidence__reference">{t('cpd:evidence.reference', { reference: row.reference })}</p> : null}
      {ofRow ? (
        <p>
          <Link to={ofRow} data-testid="cpd-evidence-replay-course">
            {t('cpd:evidence.replay_course')}
          </Link>
        </p>
      ) : null}
      {view.status === 'opening' ? <p role="status">{t('cpd:evidence.loading')}</p> : null}
      {view.status === 'failed' ? (
        <div role="alert" className="cpd-view__error">
          <p>{view.failure?.kind === 'server' ? view.failure.message : t('cpd:evidence.failed')}</p>
          {view.canRetry ? <Button onClick={onRetry}>{t('cpd:evidence.retry')}</Button> : null}
        </div>
      ) : null}
      {view.evidence ? <EvidenceDetails evidence={view.evidence} lang={lang} ofDay={replayLinks?.ofDay} /> : null}
    </div>
  );
}

function EvidenceDetails({ evidence, lang, ofDay }: { evidence: CpdEvidence; lang: string; ofDay?: (at: string) => string }) {
  const { t } = useTranslation();
  const at = (iso: string) => formatDateTime(iso, lang, { seconds: true });
  return (
    <>
      {evidence.items.length > 0 ? (
        <section aria-labelledby="cpd-evidence-items">
          <h3 id="cpd-evidence-items">{t('cpd:evidence.items_title')}</h3>
          <ul className="cpd-evidence__items" data-testid="cpd-evidence-items">
            {evidence.items.map((item) => (
              <li key={`${item.kind}:${item.id}`} className="cpd-evidence__item">
                <p className="cpd-evidence__item-title">
                  <span className="cpd-evidence__kind">{t(`cpd:evidence.${item.kind}`)}</span> {item.title}
                </p>
                <p data-testid="cpd-evidence-credited">{item.credited_seconds > 0 ? t('cpd:evidence.credited', { duration: durationText(t, item.credited_seconds) }) : t('cpd:evidence.nothing_credited')}</p>
                {item.viewings.length === 0 ? <p className="cpd-evidence__muted">{t('cpd:evidence.no_viewings')}</p> : null}
                <ul className="cpd-evidence__viewings">
                  {item.viewings.map((v) => (
                    <li key={v.id}>
                      <p>
                        {t('cpd:evidence.viewing', { at: at(v.started_at) })} · {v.device ? t('cpd:evidence.device', { device: v.device }) : t('cpd:evidence.device_unknown')}
                      </p>
                      {v.first_credited_at && v.last_credited_at ? (
                        <p>
                          {t('cpd:evidence.credited_between', { from: at(v.first_credited_at), to: formatTime(v.last_credited_at, lang, { seconds: true }) })} ({durationText(t, v.credited_seconds)})
                        </p>
                      ) : null}
                      <p className="cpd-evidence__muted">
                        {v.identity_checks.length > 0
                          ? t('cpd:evidence.checks', { count: v.identity_checks.length, times: v.identity_checks.map((c) => formatTime(c.at, lang, { seconds: true })).join(', ') })
                          : t('cpd:evidence.no_checks')}
                      </p>
                      {ofDay ? (
                        <p>
                          <Link to={ofDay(v.started_at)} data-testid="cpd-evidence-replay-day">
                            {t('cpd:evidence.replay_day')}
                          </Link>
                        </p>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {evidence.attendance.length > 0 ? (
        <section aria-labelledby="cpd-evidence-attendance">
          <h3 id="cpd-evidence-attendance">{t('cpd:evidence.attendance_title')}</h3>
          <ul className="cpd-evidence__items" data-testid="cpd-evidence-attendance">
            {evidence.attendance.map((a) => (
              <li key={a.session_id} className="cpd-evidence__item">
                <p className="cpd-evidence__item-title">{t('cpd:evidence.session', { title: a.title, from: formatDateTime(a.starts_at, lang), to: formatTime(a.ends_at, lang) })}</p>
                <p>{t('cpd:evidence.checked_in', { at: at(a.checked_in_at) })}</p>
                <p>{a.checked_out_at ? t('cpd:evidence.checked_out', { at: at(a.checked_out_at) }) : t('cpd:evidence.not_checked_out')}</p>
                <p>{t('cpd:evidence.attended', { duration: durationText(t, a.attended_minutes * 60) })}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {evidence.claim ? (
        <section aria-labelledby="cpd-evidence-claim" data-testid="cpd-evidence-claim">
          <h3 id="cpd-evidence-claim">{t('cpd:evidence.claim_title')}</h3>
          <p>{t(`cpd:kind.${evidence.claim.kind}`, { defaultValue: evidence.claim.kind })}</p>
          <p>{t('cpd:evidence.claim_provider', { provider: evidence.claim.provider })}</p>
          <p>{t('cpd:evidence.claim_dates', { from: formatCalendarDay(evidence.claim.started_on, lang), to: formatCalendarDay(evidence.claim.ended_on, lang) })}</p>
          <p>{t('cpd:evidence.claim_submitted', { at: formatDateTime(evidence.claim.submitted_at, lang) })}</p>
          {evidence.claim.decided_at ? <p>{t('cpd:evidence.claim_decided', { at: formatDateTime(evidence.claim.decided_at, lang) })}</p> : null}
          <p>{t('cpd:evidence.claim_file', { name: evidence.claim.evidence_name })}</p>
        </section>
      ) : null}
    </>
  );
}
