import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CPD_REPORT_LISTS, type CpdReportList } from '../../api/schemas/cpd-report.schema';
import type { CpdReportViewModel } from '../../machines/cpd-report/cpd-report.selectors';
import { hoursOf } from '../cpd-ledger/cpd-format';
import { Button } from '../primitives/button';
import '../cpd-team/cpd-team.css';

export interface CpdReportViewProps {
  view: CpdReportViewModel;
  ledgerHref: (userId: string) => string;
  onRetry: () => void;
  onSelectList: (list: CpdReportList) => void;
  onSelectPage: (page: number) => void;
  onExport: () => void;
}

/** /cpd/report (issue 45): every licensee's CPD status for the compliance officer. Props in, callbacks out. */
export function CpdReportView({ view, ledgerHref, onRetry, onSelectList, onSelectPage, onExport }: CpdReportViewProps) {
  const { t } = useTranslation('cpd-report');
  const h = (minutes: number, ethics: number) => t('hours', { hours: hoursOf(minutes), ethics: hoursOf(ethics) });
  return (
    <section aria-labelledby="cpd-report-title" className="cpd-team">
      <h1 id="cpd-report-title">{t('title')}</h1>
      {view.period ? (
        <p>{t('period', { start: view.period.startYear, end: view.period.startYear + 1, declarationDue: view.period.declarationDue, insurerReportDue: view.period.insurerReportDue })}</p>
      ) : null}
      <div className="cpd-team__controls">
        <label>
          {t('list')}{' '}
          <select value={view.list} disabled={view.status !== 'ready'} onChange={(e) => onSelectList(e.target.value as CpdReportList)}>
            {CPD_REPORT_LISTS.map((l) => (
              <option key={l} value={l}>
                {t(`lists.${l}`)}
              </option>
            ))}
          </select>
        </label>
        <Button onClick={onExport} disabled={!view.canExport} aria-busy={view.exporting}>
          {view.exporting ? t('exporting') : t('export')}
        </Button>
      </div>
      {view.exportFailed ? <p role="alert">{t('exportFailed')}</p> : null}
      {view.status === 'loading' ? <p role="status">{t('loading')}</p> : null}
      {view.status === 'failed' ? (
        <div role="alert">
          <p>{view.failure?.kind === 'server' ? view.failure.message : t('failed')}</p>
          {view.canRetry ? <Button onClick={onRetry}>{t('retry')}</Button> : null}
        </div>
      ) : null}
      {view.status === 'ready' && view.rows.length === 0 ? <p>{t('empty')}</p> : null}
      {view.status === 'ready' && view.rows.length > 0 ? (
        <>
          <p>{t('total', { count: view.total })}</p>
          <div className="cpd-team__table-wrap">
            <table className="cpd-team__table">
              <thead>
                <tr>
                  <th scope="col">{t('col.code')}</th>
                  <th scope="col">{t('col.name')}</th>
                  <th scope="col">{t('col.hours')}</th>
                  <th scope="col">{t('col.target')}</th>
                  <th scope="col">{t('col.compliant')}</th>
                  <th scope="col">{t('col.ledger')}</th>
                </tr>
              </thead>
              <tbody>
                {view.rows.map((r) => (
                  <tr key={r.user_id} data-testid={`cpd-report-row-${r.agent_code}`}>
                    <th scope="row">{r.agent_code}</th>
                    <td>{r.name}</td>
                    <td>{h(r.minutes, r.ethics_minutes)}</td>
                    <td>{h(r.target_minutes, r.target_ethics_minutes)}</td>
                    <td data-forecast={r.compliant ? 'met' : 'at_risk'}>{r.compliant ? t('yes') : t('no')}</td>
                    <td>
                      <Link to={ledgerHref(r.user_id)}>{t('openLedger')}</Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label={t('pageOf', { page: view.page, pages: view.pages })} className="cpd-team__controls">
            <Button onClick={() => onSelectPage(view.page - 1)} disabled={!view.canPrevious}>
              {t('previous')}
            </Button>
            <span>{t('pageOf', { page: view.page, pages: view.pages })}</span>
            <Button onClick={() => onSelectPage(view.page + 1)} disabled={!view.canNext}>
              {t('next')}
            </Button>
          </nav>
        </>
      ) : null}
    </section>
  );
}
