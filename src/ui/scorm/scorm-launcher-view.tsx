import { useTranslation } from 'react-i18next';
import type { ScormViewModel } from '../../machines/scorm/scorm.selectors';
import './scorm.css';

export interface ScormLauncherViewProps extends ScormViewModel {
  /** The item's title (for the button's accessible name). */
  title: string;
  /** The click that opens the popup (the browser allows a popup only in a click). */
  onOpen: () => void;
  /** A new click after a blocked popup or a failed load. */
  onRetry: () => void;
}

/**
 * A SCORM item's launcher on the course page (ADR 029): Open (or Continue), what the popup is
 * doing, whether the package's data is saved on the server, SPEC §8's "popup blocked" with a
 * retry. No API calls: the route's machine does them.
 */
export function ScormLauncherView(p: ScormLauncherViewProps) {
  const { t } = useTranslation();
  return (
    <div className="scorm-launcher" data-testid="scorm-launcher" data-status={p.status} aria-busy={p.status === 'loading' || p.status === 'finishing' || p.status === 'opening'}>
      {p.canOpen ? (
        <button type="button" className="btn btn--accent" onClick={p.onOpen} aria-label={t(p.resumable ? 'scorm:continue_named' : 'scorm:open_named', { title: p.title })}>
          {t(p.resumable ? 'scorm:continue' : 'scorm:open')}
        </button>
      ) : null}
      <p className="scorm-launcher__status" role="status">
        {p.status === 'opening' || p.status === 'loading' ? t('scorm:opening') : null}
        {p.status === 'running' ? t('scorm:running') : null}
        {p.status === 'running' ? <span className={`scorm-launcher__sync scorm-launcher__sync--${p.sync}`}> {t(`scorm:sync_${p.sync}`)}</span> : null}
        {p.status === 'finishing' ? t('scorm:finishing') : null}
        {p.status === 'closed' && p.failure === null ? t('scorm:closed') : null}
        {p.counted ? <span className="scorm-launcher__counted"> {t('scorm:counted')}</span> : null}
      </p>
      {p.status === 'blocked' ? (
        <div className="scorm-launcher__alert" role="alert">
          <p>{t('scorm:popup_blocked')}</p>
          <button type="button" className="btn" onClick={p.onRetry}>
            {t('scorm:retry')}
          </button>
        </div>
      ) : null}
      {p.failure !== null ? (
        <div className="scorm-launcher__alert" role="alert">
          <p>{p.failure.kind === 'server' ? p.failure.message : t(p.status === 'loadFailed' ? 'scorm:load_failed' : 'scorm:save_failed')}</p>
          {p.canRetry ? (
            <button type="button" className="btn" onClick={p.onRetry}>
              {t('scorm:retry')}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
