import { useTranslation } from 'react-i18next';
import type { NewJoinerWelcomeViewModel } from '../../machines/new-joiner-welcome/new-joiner-welcome.selectors';

export interface NewJoinerWelcomeViewProps extends NewJoinerWelcomeViewModel {
  onRetry: () => void;
}

/** Props in, callbacks out, t() for text (DESIGN §2). */
export function NewJoinerWelcomeView({ status, items, canRetry, onRetry }: NewJoinerWelcomeViewProps) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="new-joiner-welcome-title">
      <h1 id="new-joiner-welcome-title">{t('new-joiner-welcome:title')}</h1>
      {status === 'loading' ? <p role="status">{t('new-joiner-welcome:loading')}</p> : null}
      {status === 'failed' ? (
        <div role="alert">
          <p>{t('new-joiner-welcome:failed')}</p>
          {canRetry ? (
            <button type="button" onClick={onRetry}>
              {t('new-joiner-welcome:retry')}
            </button>
          ) : null}
        </div>
      ) : null}
      {status === 'ready' ? (
        items.length === 0 ? (
          <p>{t('new-joiner-welcome:empty')}</p>
        ) : (
          <ul>
            {items.map((item) => (
              <li key={item.id}>{item.title}</li>
            ))}
          </ul>
        )
      ) : null}
    </section>
  );
}
