import { useActorRef, useSelector } from '@xstate/react';
import { selectReadingNoteView } from '../../machines/reading-note/reading-note.selectors';
import { ReadingNoteView } from '../../ui/reading-note/reading-note-view';
import { readingNoteRouteMachine } from './reading-note.actor';

/** Provider + selectors → view props. Add it to src/routes/router.tsx under its path. */
export default function ReadingNoteRoute() {
  const actor = useActorRef(readingNoteRouteMachine);
  const view = useSelector(actor, selectReadingNoteView);
  return <ReadingNoteView {...view} onRetry={() => actor.send({ type: 'retry' })} />;
}
