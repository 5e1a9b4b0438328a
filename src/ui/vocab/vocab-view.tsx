import { useTranslation } from 'react-i18next';
import type { VocabEntryView, VocabViewModel } from '../../machines/vocab/vocab.selectors';
import { ListState } from '../courses/list-state';
import { Button } from '../primitives/button';
import '../courses/courses.css';
import './vocab.css';

export interface VocabViewProps {
  view: VocabViewModel;
  /** The search box's words and the bookmark filter, as the address holds them. */
  q: string;
  bookmarkedOnly: boolean;
  onSearch: (q: string) => void;
  onBookmarkedOnly: (only: boolean) => void;
  onRetry: () => void;
  onRefresh: () => void;
  onRetryBookmarks: () => void;
  onToggleBookmark: (id: string) => void;
}

/** The vocabulary look-up (SPEC §2, §4): a search over the six fields, bookmarks, the glossary kept on the device. */
export function VocabView(p: VocabViewProps) {
  const { t } = useTranslation();
  const { view } = p;
  const listStatus = view.status === 'ready' ? (view.entries.length === 0 ? 'empty' : 'loaded') : view.status;
  const emptyText = view.total === 0 ? t('vocab:empty') : p.bookmarkedOnly && p.q.trim() === '' ? t('vocab:empty_bookmarked') : t('vocab:no_match', { q: p.q.trim() });
  return (
    <section className="catalogue-view vocab-view" aria-labelledby="vocab-title">
      <h1 id="vocab-title">{t('vocab:title')}</h1>
      <p className="vocab-view__intro">{t('vocab:intro')}</p>
      <div className="vocab-view__bar">
        <form className="vocab-view__search" role="search" onSubmit={(e) => e.preventDefault()}>
          <label>
            <span className="vocab-view__label">{t('vocab:search_label')}</span>
            <input
              type="search"
              value={p.q}
              maxLength={100}
              placeholder={t('vocab:search_placeholder')}
              onChange={(e) => p.onSearch(e.target.value)}
              data-testid="vocab-search"
            />
          </label>
        </form>
        <div role="group" aria-label={t('vocab:filter_label')} className="vocab-view__filter">
          <Button variant={p.bookmarkedOnly ? 'secondary' : 'primary'} aria-pressed={!p.bookmarkedOnly} onClick={() => p.onBookmarkedOnly(false)}>
            {t('vocab:filter_all')}
          </Button>
          <Button variant={p.bookmarkedOnly ? 'primary' : 'secondary'} aria-pressed={p.bookmarkedOnly} onClick={() => p.onBookmarkedOnly(true)} data-testid="vocab-bookmarked-only">
            {t('vocab:filter_bookmarked')}
          </Button>
        </div>
        {view.status === 'ready' ? (
          <Button variant="secondary" disabled={!view.canRefresh} aria-busy={view.refreshing} onClick={p.onRefresh} data-testid="vocab-refresh">
            {t('vocab:refresh')}
          </Button>
        ) : null}
      </div>
      <p className="vocab-view__status" role="status" data-testid="vocab-status">
        {view.status !== 'ready'
          ? null
          : view.refreshing
            ? t('vocab:refreshing')
            : view.offline
              ? t('vocab:offline')
              : t('vocab:count', { shown: view.entries.length, total: view.total })}
      </p>
      {view.bookmarkFailure ? (
        <div role="alert" className="vocab-view__error">
          <p>{view.bookmarkFailure.kind === 'server' ? view.bookmarkFailure.message : view.bookmarks === 'failed' ? t('vocab:bookmarks_failed') : t('vocab:bookmark_failed')}</p>
          {view.canRetryBookmarks ? <Button onClick={p.onRetryBookmarks}>{t('vocab:retry_bookmarks')}</Button> : null}
        </div>
      ) : null}
      <ListState status={listStatus} failure={view.failure} loadingText={t('vocab:loading')} emptyText={emptyText} failedText={t('vocab:failed')} onRetry={p.onRetry}>
        <ul className="vocab-list">
          {view.entries.map((entry) => (
            <li key={entry.id}>
              <VocabCard entry={entry} bookmarksReady={view.bookmarks === 'ready'} onToggle={p.onToggleBookmark} />
            </li>
          ))}
        </ul>
      </ListState>
    </section>
  );
}

function VocabCard({ entry, bookmarksReady, onToggle }: { entry: VocabEntryView; bookmarksReady: boolean; onToggle: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <article className={`vocab-entry${entry.bookmarked ? ' vocab-entry--bookmarked' : ''}`} data-testid="vocab-entry" aria-labelledby={`vocab-${entry.id}`}>
      <div className="vocab-entry__head">
        <h2 id={`vocab-${entry.id}`}>{entry.word}</h2>
        <Button
          variant="secondary"
          className="vocab-entry__bookmark"
          aria-pressed={entry.bookmarked}
          aria-label={t('vocab:bookmark_label', { word: entry.word })}
          title={bookmarksReady ? undefined : t('vocab:bookmarks_loading')}
          disabled={!bookmarksReady}
          onClick={() => onToggle(entry.id)}
          data-testid="vocab-bookmark"
        >
          {/* The name ("Bookmark “word”") holds the visible text (axe label-content-name-mismatch,
              issue 43); the star and aria-pressed say whether it is bookmarked. */}
          <span aria-hidden="true">{entry.bookmarked ? '★' : '☆'}</span> {t('vocab:bookmark')}
        </Button>
      </div>
      {entry.otherWords.length > 0 ? <p className="vocab-entry__others">{entry.otherWords.join(' · ')}</p> : null}
      <p className="vocab-entry__explanation">{entry.explanation}</p>
    </article>
  );
}
