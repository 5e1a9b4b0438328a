import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CPD_TEAM_SORTS, type CpdTeamSort } from '../../api/schemas/cpd-team.schema';
import type { CpdTeamViewModel } from '../../machines/cpd-team/cpd-team.selectors';
import { hoursOf } from '../cpd-ledger/cpd-format';
import { Button } from '../primitives/button';
import './cpd-team.css';

export interface CpdTeamViewProps {
  view: CpdTeamViewModel;
  /** Where a row's ledger opens (the route decides the path). */
  memberHref: (userId: string) => string;
  onRetry: () => void;
  onFilterAtRisk: (atRisk: boolean) => void;
  onSort: (sort: CpdTeamSort) => void;
  onExport: () => void;
}

/** Whole minutes shown as hours with up to two decimals (the figures are the server's). */
const hours = (minutes: number) => String(hoursOf(minutes));

/** /cpd/team (issue 45): the upline's downlines against the CPD target. Props in, callbacks out. */
export function CpdTeamView({ view, memberHref, onRetry, onFilterAtRisk, onSort, onExport }: CpdTeamViewProps) {
  const { t } = useTranslation('cpd-team');
  return (
    <section aria-labelledby="cpd-team-title" className="cpd-team">
      <h1 id="cpd-team-title">{t('title')}</h1>
      {view.period ? (
        <p>
          {t('period', { start: view.period.startYear, end: view.period.startYear + 1, endsOn: view.period.endsOn })} · {t('daysLeft', { count: view.period.daysLeft })}
        </p>
      ) : null}
      <div role="group" aria-label={t('sort')} className="cpd-team__controls">
        <label>
          <input type="checkbox" checked={view.atRisk} disabled={!view.canFilter} onChange={(e) => onFilterAtRisk(e.target.checked)} /> {t('atRisk')}
        </label>{' '}
        <label>
          {t('sort')}{' '}
          <select value={view.sort} disabled={view.status !== 'ready'} onChange={(e) => onSort(e.target.value as CpdTeamSort)}>
            {CPD_TEAM_SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`sortBy.${s}`)}
              </option>
            ))}
          </select>
        </label>{' '}
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
      {view.status === 'ready' && view.rows.length === 0 ? <p>{view.atRisk ? t('emptyAtRisk') : t('empty')}</p> : null}
      {view.status === 'ready' && view.rows.length > 0 ? (
        <div className="cpd-team__table-wrap">
        <table className="cpd-team__table">
          <thead>
            <tr>
              <th scope="col">{t('col.name')}</th>
              <th scope="col">{t('col.code')}</th>
              <th scope="col">{t('col.hours')}</th>
              <th scope="col">{t('col.target')}</th>
              <th scope="col">{t('col.needed')}</th>
              <th scope="col">{t('col.forecast')}</th>
            </tr>
          </thead>
          <tbody>
            {view.rows.map((r) => (
              <tr key={r.user_id} data-testid={`cpd-team-row-${r.agent_code}`}>
                <th scope="row">
                  <Link to={memberHref(r.user_id)} aria-label={t('open', { name: r.name })}>
                    {r.name}
                  </Link>
                </th>
                <td>{r.agent_code}</td>
                <td>{t('hours', { hours: hours(r.minutes), ethics: hours(r.ethics_minutes) })}</td>
                <td>{t('hours', { hours: hours(r.target_minutes), ethics: hours(r.target_ethics_minutes) })}</td>
                <td>{t('hours', { hours: hours(r.needed_minutes), ethics: hours(r.needed_ethics_minutes) })}</td>
                <td data-forecast={r.forecast}>{t(`forecast.${r.forecast}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      ) : null}
    </section>
  );
}
