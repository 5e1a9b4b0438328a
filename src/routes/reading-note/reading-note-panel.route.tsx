import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { selectReadingNoteView } from '../../machines/reading-note/reading-note.selectors';
import { ReadingNotePanel } from '../../ui/reading-note/reading-note-panel';
import { readingNotePanelMachine } from './reading-note.actor';

/** The notes panel of one lesson item; `page` is the PDF page shown (null: none). */
export function ReadingNotePanelRoute({ itemId, page }: { itemId: string; page: number | null }) {
  const actor = useActorRef(readingNotePanelMachine, { input: { itemId, page } });
  useEffect(() => actor.send({ type: 'place.page', page }), [actor, page]);
  const view = useSelector(actor, selectReadingNoteView);
  return (
    <ReadingNotePanel
      {...view}
      onDraft={(text) => actor.send({ type: 'draft.change', text })}
      onTakeQuote={() => actor.send({ type: 'quote.take', text: window.getSelection()?.toString() ?? '' })}
      onClearQuote={() => actor.send({ type: 'quote.clear' })}
      onSave={() => actor.send({ type: 'save' })}
      onEdit={(id) => actor.send({ type: 'edit', id })}
      onCancelEdit={() => actor.send({ type: 'edit.cancel' })}
      onDelete={(id) => actor.send({ type: 'delete', id })}
      onRetry={() => actor.send({ type: 'retry' })}
    />
  );
}
