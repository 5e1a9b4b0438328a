import { useTranslation } from 'react-i18next';
import type { ReadingNoteViewModel } from '../../machines/reading-note/reading-note.selectors';

export interface ReadingNoteViewProps extends ReadingNoteViewModel {
  onRetry: () => void;
}

/** Props in, callbacks out, t() for text (DESIGN §2). */
export function ReadingNoteView({ status, items, canRetry, onRetry }: ReadingNoteViewProps) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="reading-note-title">
      <h1 id="reading-note-title">{t('reading-note:title')}</h1>
      {status === 'loading' ? <p role="status">{t('reading-note:loading')}</p> : null}
      {status === 'failed' ? (
        <div role="alert">
          <p>{t('reading-note:failed')}</p>
          {canRetry ? (
            <button type="button" onClick={onRetry}>
              {t('reading-note:retry')}
            </button>
          ) : null}
        </div>
      ) : null}
      {status === 'ready' ? (
        items.length === 0 ? (
          <p>{t('reading-note:empty')}</p>
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
