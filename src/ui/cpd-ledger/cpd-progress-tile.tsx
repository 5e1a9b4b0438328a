import { useTranslation } from 'react-i18next';
import type { CpdPeriodView } from '../../machines/cpd-ledger/cpd-ledger.selectors';
import { NavAnchor } from '../layout/nav-anchor';
import { hoursText } from './cpd-format';
import './cpd-tile.css';

export interface CpdProgressTileProps {
  progress: CpdPeriodView;
  onNavigate: (to: string) => void;
}

/** The home page's tile (issue 45): this period's CPD hours against the target, linking to /cpd. */
export function CpdProgressTile({ progress, onNavigate }: CpdProgressTileProps) {
  const { t } = useTranslation();
  const hours = (minutes: number) => hoursText(t, 'pages:home.cpd_hours', minutes);
  const done = t('pages:home.cpd_done', { done: hours(progress.minutes), target: hours(progress.targetMinutes) });
  return (
    <NavAnchor className="cpd-tile" to="/cpd" onNavigate={onNavigate} data-testid="cpd-progress-tile" aria-label={`${t('pages:home.cpd_title')}: ${done}. ${t('pages:home.cpd_open')}`}>
      <span className="cpd-tile__title">{t('pages:home.cpd_title')}</span>
      <span className="cpd-tile__done">{done}</span>
      <span className="cpd-tile__bar" aria-hidden="true">
        <span style={{ width: `${progress.percent}%` }} />
      </span>
      <span className="cpd-tile__needed" data-testid="cpd-tile-needed">
        {progress.neededMinutes > 0 ? t('pages:home.cpd_needed', { hours: hours(progress.neededMinutes) }) : t('pages:home.cpd_met')}
      </span>
      {progress.targetEthicsMinutes > 0 ? (
        <span className="cpd-tile__ethics">{t('pages:home.cpd_ethics', { done: hours(progress.ethicsMinutes), target: hours(progress.targetEthicsMinutes) })}</span>
      ) : null}
      <span className="cpd-tile__days">{t('pages:home.cpd_days_left', { count: progress.daysLeft })}</span>
    </NavAnchor>
  );
}
