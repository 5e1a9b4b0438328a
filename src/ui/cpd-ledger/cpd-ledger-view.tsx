import { useTranslation } from 'react-i18next';
import type { CpdLedgerRow, CpdPeriodSummary } from '../../api/schemas/cpd-ledger.schema';
import type { CpdLedgerViewModel, CpdPeriodView } from '../../machines/cpd-ledger/cpd-ledger.selectors';
import { formatCalendarDay } from '../format/date-format';
import { Button } from '../primitives/button';
import { CpdEvidenceDialog, type CpdReplayLinks } from './cpd-evidence';
import { hoursText } from './cpd-format';
import './cpd-ledger.css';

export interface CpdLedgerViewProps {
  view: CpdLedgerViewModel;
  onRetry: () => void;
  onSelectPeriod: (period: number) => void;
  onOpenRow: (rowId: string) => void;
  onRetryEvidence: () => void;
  onCloseEvidence: () => void;
  /** The statement and certificate downloads (cpd-statement, ADR 085); absent: not offered. */
  papers?: CpdPapersView;
  onDownloadStatement?: (format: 'pdf' | 'csv') => void;
  onCertificate?: (rowId: string) => void;
  /** The auditor's replay of a day or of a row's course (issue 46); absent: not offered. */
  replayLinks?: CpdReplayLinks;
}

/** A download of a CPD paper: under way, its failure, the code printed on the last statement. */
export interface CpdPapersView {
  busy: boolean;
  error: string | null;
  code: string | null;
}

/** /cpd (issue 45): this period's hours against the target, the hours still needed, the days left, each row and its evidence, earlier periods. */
export function CpdLedgerView(p: CpdLedgerViewProps) {
  const { t } = useTranslation();
  const { view } = p;
  return (
    <section className="cpd-view" aria-labelledby="cpd-title">
      <div className="cpd-view__head">
        <h1 id="cpd-title">{t('cpd:title')}</h1>
        {view.periods.length > 0 ? (
          <label className="cpd-view__picker">
            <span>{t('cpd:period_label')}</span>
            <select
              value={view.selectedPeriod ?? ''}
              disabled={!view.canSelectPeriod}
              onChange={(e) => p.onSelectPeriod(Number(e.target.value))}
              data-testid="cpd-period-select"
            >
              {view.periods.map((year) => (
                <option key={year} value={year}>
                  {t('cpd:period_option', { start: year, end: String(year + 1).slice(-2) })}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      <p className="cpd-view__intro">{t('cpd:intro')}</p>
      {view.status === 'loading' ? (
        <p role="status" className="cpd-view__status">
          {t('cpd:loading')}
        </p>
      ) : null}
      {view.status === 'failed' ? (
        <div role="alert" className="cpd-view__error">
          <p>{view.failure?.kind === 'server' ? view.failure.message : t('cpd:failed')}</p>
          {view.canRetry ? <Button onClick={p.onRetry}>{t('cpd:retry')}</Button> : null}
        </div>
      ) : null}
      {view.status === 'ready' && view.period ? (
        <>
          <Summary period={view.period} />
          {p.papers && p.onDownloadStatement ? <Papers papers={p.papers} onDownload={p.onDownloadStatement} /> : null}
          <Rows rows={view.rows} canOpen={view.canOpenRow} onOpen={p.onOpenRow} onCertificate={p.papers ? p.onCertificate : undefined} busy={p.papers?.busy ?? false} />
          {view.previous.length > 0 ? <Previous periods={view.previous} /> : null}
        </>
      ) : null}
      <CpdEvidenceDialog evidence={view.evidence} onRetry={p.onRetryEvidence} onClose={p.onCloseEvidence} replayLinks={p.replayLinks} />
    </section>
  );
}

function Meter({ label, done, target, percent, testId }: { label: string; done: number; target: number; percent: number; testId: string }) {
  const { t } = useTranslation();
  const text = t('cpd:of_target', { done: hoursText(t, 'cpd:hours', done), target: hoursText(t, 'cpd:hours', target) });
  return (
    <div className="cpd-meter" data-testid={testId}>
      <p className="cpd-meter__label">
        <span>{label}</span> <strong>{text}</strong>
      </p>
      <div className="cpd-meter__bar" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={text}>
        <span style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

function Summary({ period }: { period: CpdPeriodView }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <section className="cpd-view__summary" aria-labelledby="cpd-summary" data-testid="cpd-summary">
      <h2 id="cpd-summary">{t('cpd:period_dates', { from: formatCalendarDay(period.startsOn, lang), to: formatCalendarDay(period.endsOn, lang) })}</h2>
      {!period.hasTarget ? (
        <p data-testid="cpd-no-target">{t('cpd:no_target')}</p>
      ) : (
        <>
          <p className={`cpd-view__badge cpd-view__badge--${period.compliant ? 'ok' : 'short'}`} data-testid="cpd-status">
            {period.compliant ? t('cpd:compliant') : t('cpd:not_compliant')}
          </p>
          <Meter label={t('cpd:total')} done={period.minutes} target={period.targetMinutes} percent={period.percent} testId="cpd-total" />
          {period.targetEthicsMinutes > 0 ? <Meter label={t('cpd:ethics')} done={period.ethicsMinutes} target={period.targetEthicsMinutes} percent={period.ethicsPercent} testId="cpd-ethics" /> : null}
          <ul className="cpd-view__facts">
            <li data-testid="cpd-needed">{period.neededMinutes > 0 ? t('cpd:needed', { hours: hoursText(t, 'cpd:hours', period.neededMinutes) }) : t('cpd:target_met')}</li>
            {period.targetEthicsMinutes > 0 ? (
              <li data-testid="cpd-needed-ethics">{period.neededEthicsMinutes > 0 ? t('cpd:needed_ethics', { hours: hoursText(t, 'cpd:hours', period.neededEthicsMinutes) }) : t('cpd:ethics_met')}</li>
            ) : null}
            <li data-testid="cpd-days-left">{period.daysLeft > 0 ? t('cpd:days_left', { count: period.daysLeft }) : t('cpd:period_over')}</li>
            {period.prorated ? <li>{t('cpd:prorated')}</li> : null}
            {period.travelAgent ? <li>{t('cpd:travel_agent')}</li> : null}
            <li>{t('cpd:declaration', { date: formatCalendarDay(period.declarationDue, lang) })}</li>
          </ul>
        </>
      )}
    </section>
  );
}

/** Issue 45: the statement of the period on screen as PDF or CSV (cpd-statement). */
function Papers({ papers, onDownload }: { papers: CpdPapersView; onDownload: (format: 'pdf' | 'csv') => void }) {
  const { t } = useTranslation();
  return (
    <div className="cpd-view__papers">
      <Button disabled={papers.busy} onClick={() => onDownload('pdf')} data-testid="cpd-download-pdf">
        {t('cpd:download_pdf')}
      </Button>
      <Button disabled={papers.busy} onClick={() => onDownload('csv')} data-testid="cpd-download-csv">
        {t('cpd:download_csv')}
      </Button>
      {papers.code ? <p data-testid="cpd-statement-code">{t('cpd:downloaded_code', { code: papers.code })}</p> : null}
      {papers.error !== null ? <p role="alert">{papers.error || t('cpd:download_failed')}</p> : null}
    </div>
  );
}

function Rows({ rows, canOpen, onOpen, onCertificate, busy }: { rows: CpdLedgerRow[]; canOpen: boolean; onOpen: (id: string) => void; onCertificate?: (id: string) => void; busy: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <section aria-labelledby="cpd-rows" className="cpd-view__rows">
      <h2 id="cpd-rows">{t('cpd:rows_title')}</h2>
      {rows.length === 0 ? (
        <p data-testid="cpd-empty">{t('cpd:empty')}</p>
      ) : (
        <table className="cpd-table">
          <thead>
            <tr>
              <th scope="col">{t('cpd:col.source')}</th>
              <th scope="col">{t('cpd:col.title')}</th>
              <th scope="col">{t('cpd:col.reference')}</th>
              <th scope="col">{t('cpd:col.date')}</th>
              <th scope="col">{t('cpd:col.hours')}</th>
              <th scope="col">{t('cpd:col.ethics')}</th>
              <th scope="col">{t('cpd:col.evidence')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-testid="cpd-row" data-row-id={r.id}>
                <td data-label={t('cpd:col.source')}>
                  {t(`cpd:source.${r.source}`)}
                  <span className="cpd-table__kind">{t(`cpd:kind.${r.activity_kind}`, { defaultValue: r.activity_kind })}</span>
                </td>
                <th scope="row" data-label={t('cpd:col.title')}>
                  {r.title}
                </th>
                <td data-label={t('cpd:col.reference')}>{r.reference ?? t('cpd:no_reference')}</td>
                <td data-label={t('cpd:col.date')}>{formatCalendarDay(r.completed_on, i18n.language)}</td>
                <td data-label={t('cpd:col.hours')}>{hoursText(t, 'cpd:hours', r.minutes)}</td>
                <td data-label={t('cpd:col.ethics')}>{r.ethics_or_regulations ? t('cpd:er_yes') : t('cpd:er_no')}</td>
                <td>
                  <Button variant="secondary" disabled={!canOpen} onClick={() => onOpen(r.id)} aria-label={t('cpd:open_evidence_of', { title: r.title })} data-testid="cpd-row-evidence">
                    {t('cpd:open_evidence')}
                  </Button>
                  {onCertificate && r.source !== 'claim' ? (
                    <Button variant="secondary" disabled={busy} onClick={() => onCertificate(r.id)} aria-label={t('cpd:certificate_of', { title: r.title })} data-testid="cpd-row-certificate">
                      {t('cpd:certificate')}
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Previous({ periods }: { periods: CpdPeriodSummary[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="cpd-previous" className="cpd-view__previous">
      <h2 id="cpd-previous">{t('cpd:previous_title')}</h2>
      <table className="cpd-table" data-testid="cpd-previous">
        <thead>
          <tr>
            <th scope="col">{t('cpd:previous_col.period')}</th>
            <th scope="col">{t('cpd:previous_col.hours')}</th>
            <th scope="col">{t('cpd:previous_col.ethics')}</th>
            <th scope="col">{t('cpd:previous_col.target')}</th>
            <th scope="col">{t('cpd:previous_col.status')}</th>
          </tr>
        </thead>
        <tbody>
          {periods.map((s) => (
            <tr key={s.start_year}>
              <th scope="row" data-label={t('cpd:previous_col.period')}>
                {t('cpd:period_option', { start: s.start_year, end: String(s.start_year + 1).slice(-2) })}
              </th>
              <td data-label={t('cpd:previous_col.hours')}>{hoursText(t, 'cpd:hours', s.minutes)}</td>
              <td data-label={t('cpd:previous_col.ethics')}>{hoursText(t, 'cpd:hours', s.ethics_minutes)}</td>
              <td data-label={t('cpd:previous_col.target')}>{hoursText(t, 'cpd:hours', s.target_minutes)}</td>
              <td data-label={t('cpd:previous_col.status')}>{s.compliant ? t('cpd:compliant') : t('cpd:not_compliant')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
