import { useTranslation } from 'react-i18next';
import type { ReadingNoteViewModel } from '../../machines/reading-note/reading-note.selectors';
import { Button } from '../primitives/button';

export interface ReadingNotePanelProps extends ReadingNoteViewModel {
  onDraft: (text: string) => void;
  /** Takes the text the learner selected on the page (the route reads the selection). */
  onTakeQuote: () => void;
  onClearQuote: () => void;
  onSave: () => void;
  onEdit: (id: string) => void;
  onCancelEdit: () => void;
  onDelete: (id: string) => void;
  onRetry: () => void;
}

/** Issue 47: the learner's notes beside a lesson item or a PDF (props in, callbacks out). */
export function ReadingNotePanel(p: ReadingNotePanelProps) {
  const { t } = useTranslation();
  return (
    <aside className="reading-note-panel" aria-labelledby="reading-note-panel-title" data-testid="reading-note-panel">
      <h2 id="reading-note-panel-title">{t('reading-note:panel_title')}</h2>
      {p.status === 'loading' ? <p role="status">{t('reading-note:loading')}</p> : null}
      {p.status === 'failed' ? (
        <div role="alert">
          <p>{t('reading-note:failed')}</p>
          <Button onClick={p.onRetry}>{t('reading-note:retry')}</Button>
        </div>
      ) : null}
      {p.status === 'ready' ? (
        <>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (p.canSave) p.onSave();
            }}
          >
            <label htmlFor="reading-note-text">{t('reading-note:note_label')}</label>
            {p.page ? <span data-testid="reading-note-page"> ({t('reading-note:on_page', { page: p.page })})</span> : null}
            <textarea id="reading-note-text" value={p.draft} placeholder={t('reading-note:placeholder')} onChange={(e) => p.onDraft(e.target.value)} rows={3} />
            {p.quote ? (
              <blockquote data-testid="reading-note-quote">
                {p.quote} <Button onClick={p.onClearQuote}>{t('reading-note:quote_clear')}</Button>
              </blockquote>
            ) : null}
            {/* onMouseDown keeps the page's selection: a click would move focus first. */}
            <Button onMouseDown={(e) => e.preventDefault()} onClick={p.onTakeQuote}>
              {t('reading-note:quote_take')}
            </Button>
            <Button type="submit" disabled={!p.canSave || p.busy}>
              {t(p.editingId ? 'reading-note:save_edit' : 'reading-note:save')}
            </Button>
            {p.editingId ? <Button onClick={p.onCancelEdit}>{t('reading-note:cancel')}</Button> : null}
            {p.error ? <p role="alert">{t(`reading-note:${p.error}`)}</p> : null}
          </form>
          {p.notes.length === 0 ? (
            <p>{t('reading-note:empty')}</p>
          ) : (
            <ul className="reading-note-panel__list">
              {p.notes.map((note) => (
                <li key={note.id} data-testid="reading-note">
                  {note.pdf_page ? <small>{t('reading-note:on_page', { page: note.pdf_page })} </small> : null}
                  {note.quote ? <blockquote>{note.quote}</blockquote> : null}
                  <p>{note.text}</p>
                  <Button onClick={() => p.onEdit(note.id)} disabled={p.busy}>
                    {t('reading-note:edit')}
                  </Button>
                  <Button onClick={() => p.onDelete(note.id)} disabled={p.busy}>
                    {t('reading-note:delete')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </aside>
  );
}
