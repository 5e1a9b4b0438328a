import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CpdPeriodView } from '../../machines/cpd-ledger/cpd-ledger.selectors';
import { CpdProgressTile } from '../cpd-ledger/cpd-progress-tile';
import { NavAnchor } from '../layout/nav-anchor';
import { HomeTileArt } from './home-tile-art';
import type { HomeTile } from './home-tiles';
import './main-view.css';

export interface MainViewProps {
  /** null while the user loads. */
  userName: string | null;
  tiles: readonly HomeTile[];
  /** This period's CPD progress (issue 45); null while it loads, or for someone without a target. */
  cpdProgress?: CpdPeriodView | null;
  onNavigate: (to: string) => void;
  /** Below everything: the learner's summary (issue 45), a lazy part the route provides. */
  children?: ReactNode;
}

/** The home page: a greeting, the five shortcut tiles, this period's CPD progress and the learner's summary. */
export function MainView({ userName, tiles, cpdProgress = null, onNavigate, children }: MainViewProps) {
  const { t } = useTranslation();
  return (
    <section className="main-view" aria-labelledby="main-view-greeting">
      <h1 id="main-view-greeting" className="main-view__greeting">
        {userName ? t('pages:home.greeting', { name: userName }) : t('pages:home.greeting_anonymous')}
      </h1>
      <h2 className="visually-hidden">{t('pages:home.shortcuts')}</h2>
      <ul className="main-view__tiles">
        {tiles.map((tile) => {
          const body = (
            <>
              <HomeTileArt name={tile.art} />
              <span className="main-view__tile-title">{t(tile.titleKey)}</span>
            </>
          );
          return (
            <li key={tile.link}>
              {tile.disabled ? (
                <span className="main-view__tile main-view__tile--disabled" aria-disabled="true" title={t('pages:home.unavailable')}>
                  {body}
                </span>
              ) : (
                <NavAnchor className="main-view__tile" data-testid="home-tile" to={tile.link} onNavigate={onNavigate}>
                  {body}
                </NavAnchor>
              )}
            </li>
          );
        })}
      </ul>
      {/* Below the shortcuts: it appears when the ledger answers, after the first paint, and above
          them it moved the whole grid down (Lighthouse's CLS 0.161 on /main, ADR 089). */}
      {cpdProgress ? <CpdProgressTile progress={cpdProgress} onNavigate={onNavigate} /> : null}
      {children}
    </section>
  );
}
