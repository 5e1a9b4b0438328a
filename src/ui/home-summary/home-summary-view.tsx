import { useTranslation } from 'react-i18next';
import type { HomeSummaryViewModel } from '../../machines/home-summary/home-summary.selectors';
import { formatDateTime } from '../format/date-format';
import { NavAnchor } from '../layout/nav-anchor';
import './home-summary.css';

export interface HomeSummaryViewProps extends HomeSummaryViewModel {
  onRetry: () => void;
  onNavigate: (to: string) => void;
}

/**
 * The home page's summary of the learner (issue 45): where to continue and what is due in the next
 * 14 days, soonest first. Props in, callbacks out (DESIGN §2); it sits below the shortcuts and the
 * CPD tile, so its arrival moves nothing above it (CLS, ADR 089/093).
 */
export function HomeSummaryView({ status, continueItem, due, canRetry, onRetry, onNavigate }: HomeSummaryViewProps) {
  const { t, i18n } = useTranslation();
  return (
    <section className="home-summary" aria-labelledby="home-summary-title" data-testid="home-summary" aria-busy={status === 'loading'}>
      <h2 id="home-summary-title" className="visually-hidden">
        {t('home-summary:title')}
      </h2>
      {status === 'loading' ? (
        <p role="status" className="home-summary__note">
          {t('home-summary:loading')}
        </p>
      ) : null}
      {status === 'failed' ? (
        <div role="alert" className="home-summary__note">
          <p>{t('home-summary:failed')}</p>
          {canRetry ? (
            <button type="button" className="button" onClick={onRetry}>
              {t('home-summary:retry')}
            </button>
          ) : null}
        </div>
      ) : null}
      {status === 'empty' ? <p className="home-summary__note">{t('home-summary:empty')}</p> : null}
      {status === 'ready' ? (
        <div className="home-summary__parts">
          {continueItem ? (
            <section className="home-summary__card" aria-labelledby="home-summary-continue">
              <h3 id="home-summary-continue" className="home-summary__heading">
                {t('home-summary:continue_title')}
              </h3>
              <NavAnchor className="home-summary__continue" to={continueItem.to} onNavigate={onNavigate} data-testid="home-continue">
                <span className="home-summary__item">{continueItem.itemTitle}</span>
                <span className="home-summary__course">{t('home-summary:continue_course', { course: continueItem.courseTitle })}</span>
                <span className="home-summary__action" aria-hidden="true">
                  {t('home-summary:continue_open')} →
                </span>
              </NavAnchor>
            </section>
          ) : null}
          <section className="home-summary__card" aria-labelledby="home-summary-due">
            <h3 id="home-summary-due" className="home-summary__heading">
              {t('home-summary:due_title')}
            </h3>
            {due.length === 0 ? (
              <p className="home-summary__course">{t('home-summary:due_none')}</p>
            ) : (
              <>
                <p className="visually-hidden">{t('home-summary:due_count', { count: due.length })}</p>
                <ul className="home-summary__due">
                  {due.map((d) => (
                    <li key={d.key} data-testid="home-due">
                      <NavAnchor to={d.to} onNavigate={onNavigate} className="home-summary__due-link">
                        <span className="home-summary__item">{d.title}</span>
                        <span className="home-summary__course">{d.courseTitle}</span>
                        <span className="home-summary__when">
                          <time dateTime={d.at}>{t(d.kind === 'session' ? 'home-summary:due_session' : 'home-summary:due_exam', { date: formatDateTime(d.at, i18n.language) })}</time>
                        </span>
                      </NavAnchor>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>
        </div>
      ) : null}
    </section>
  );
}
