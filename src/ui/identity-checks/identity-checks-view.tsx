import { formatDateTime } from '../format/date-format';
import { useTranslation } from 'react-i18next';
import type { IdentityChecksResponse } from '../../api/schemas/identity-checks.schema';
import { LoadingOverlay } from '../layout/loading-overlay';
import { Button } from '../primitives/button';
import './identity-checks-view.css';

export type IdentityChecksStatus = 'loading' | 'failed' | 'ready';

export interface IdentityChecksViewProps {
  status: IdentityChecksStatus;
  /** The page shown (kept while the next one loads). */
  result: IdentityChecksResponse | null;
  /** The manual prompt can open now (SPEC §4: only while continual authentication has not started). */
  canVerify: boolean;
  /** Scheduled prompts run on a learning page: the reason the manual check is unavailable. */
  promptsRunning: boolean;
  /** Whether this page offers the manual prompt at all. */
  showVerify: boolean;
  onVerify: () => void;
  onPage: (page: number) => void;
  onRetry: () => void;
}

/** The learner's continual-authentication evidence: time, check, result, course and item. */
export function IdentityChecksView(p: IdentityChecksViewProps) {
  const { t, i18n } = useTranslation();
  const rows = p.result?.data ?? [];
  const pages = p.result ? Math.max(1, Math.ceil(p.result.total / p.result.per_page)) : 1;
  const page = p.result?.page ?? 1;
  const none = t('continual-auth:none');

  return (
    <section className="identity-checks-view" aria-labelledby="identity-checks-title">
      <h1 id="identity-checks-title">{t('continual-auth:history_title')}</h1>
      <p>{t('continual-auth:history_intro')}</p>
      {p.showVerify ? (
        <div className="identity-checks-view__verify">
          <Button variant="accent" onClick={p.onVerify} disabled={!p.canVerify} data-testid="verify-identity-button">
            {t('continual-auth:verify_now')}
          </Button>
          {p.canVerify || !p.promptsRunning ? null : <p className="identity-checks-view__hint">{t('continual-auth:verify_unavailable')}</p>}
        </div>
      ) : null}

      {p.status === 'failed' ? (
        <div role="alert" className="identity-checks-view__error">
          <p>{t('continual-auth:load_failed')}</p>
          <Button onClick={p.onRetry}>{t('continual-auth:retry')}</Button>
        </div>
      ) : null}

      {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too (WCAG 2.1.1). */}
      <div className="identity-checks-view__list" tabIndex={0} role="region" aria-labelledby="identity-checks-title">
        {p.status === 'loading' ? <LoadingOverlay text={t('common:loading')} /> : null}
        {p.status === 'ready' && rows.length === 0 ? <p className="identity-checks-view__empty">{t('continual-auth:empty')}</p> : null}
        {rows.length > 0 ? (
          <table className="identity-checks-view__table" data-testid="identity-checks-table">
            <thead>
              <tr>
                <th scope="col">{t('continual-auth:column_time')}</th>
                <th scope="col">{t('continual-auth:column_type')}</th>
                <th scope="col">{t('continual-auth:column_outcome')}</th>
                <th scope="col">{t('continual-auth:column_course')}</th>
                <th scope="col">{t('continual-auth:column_item')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((check) => (
                <tr key={check.id} data-testid="identity-check-row">
                  <td>
                    <time dateTime={check.created_at}>{formatDateTime(check.created_at, i18n.language, { seconds: true })}</time>
                  </td>
                  <td>{t(`continual-auth:type_${check.type}`)}</td>
                  <td className={`identity-checks-view__outcome--${check.outcome}`}>{t(`continual-auth:outcome_${check.outcome}`)}</td>
                  <td>{check.course_id ?? none}</td>
                  <td>{check.item_id ?? none}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </div>

      {pages > 1 ? (
        <nav className="identity-checks-view__pages" aria-label={t('continual-auth:pages_label')}>
          <Button onClick={() => p.onPage(page - 1)} disabled={page <= 1 || p.status === 'loading'}>
            {t('continual-auth:previous')}
          </Button>
          <span>{t('continual-auth:page_of', { page, pages })}</span>
          <Button onClick={() => p.onPage(page + 1)} disabled={page >= pages || p.status === 'loading'}>
            {t('continual-auth:next')}
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
