import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { VocabFilter } from '../../machines/vocab/vocab.machine';
import { selectVocabView } from '../../machines/vocab/vocab.selectors';
import { loadCjkFontFor } from '../../ui/styles/cjk-fonts';
import { VocabView } from '../../ui/vocab/vocab-view';
import { vocabRouteMachine } from './vocab.actor';
import { VocabNamespace } from './vocab-namespace';

/** The address is the page's filter: ?q=premium&bookmarked=1 (anything else is ignored). */
function filterOf(params: URLSearchParams, lang: string): VocabFilter {
  return { lang, q: (params.get('q') ?? '').slice(0, 100), bookmarkedOnly: params.get('bookmarked') === '1' };
}

function VocabPage() {
  const { i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params, i18n.language);
  const actor = useActorRef(vocabRouteMachine, { input: { filter } });
  // The machine compares by value: the same filter on every render changes nothing.
  useEffect(() => {
    actor.send({ type: 'filter.change', filter });
  });
  const view = useSelector(actor, selectVocabView);
  // Every entry shows both Chinese scripts whatever the interface language: the bundled fonts of
  // both (their unicode-range slices load only for the characters shown), for devices without any.
  useEffect(() => {
    loadCjkFontFor('zh');
    loadCjkFontFor('cn');
  }, []);
  const write = (q: string, bookmarkedOnly: boolean) => {
    const out = new URLSearchParams();
    if (q) out.set('q', q);
    if (bookmarkedOnly) out.set('bookmarked', '1');
    // Typing replaces the entry in the history: Back leaves the page, not one letter.
    setParams(out, { replace: true });
  };
  return (
    <VocabView
      view={view}
      q={filter.q}
      bookmarkedOnly={filter.bookmarkedOnly}
      onSearch={(q) => write(q, filter.bookmarkedOnly)}
      onBookmarkedOnly={(only) => write(filter.q, only)}
      onRetry={() => actor.send({ type: 'retry' })}
      onRefresh={() => actor.send({ type: 'refresh' })}
      onRetryBookmarks={() => actor.send({ type: 'bookmarks.retry' })}
      onToggleBookmark={(id) => actor.send({ type: 'bookmark.toggle', id })}
    />
  );
}

/** /search/vocabulary: the glossary, kept on the device and checked for updates (SPEC §4). */
export default function VocabRoute() {
  return (
    <VocabNamespace>
      <VocabPage />
    </VocabNamespace>
  );
}
