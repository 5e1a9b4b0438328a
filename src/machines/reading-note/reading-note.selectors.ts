import type { SnapshotFrom } from 'xstate';
import type { ReadingNoteItem } from '../../api/schemas/reading-note.schema';
import type { readingNoteMachine } from './reading-note.machine';

export interface ReadingNoteViewModel {
  status: 'loading' | 'ready' | 'failed';
  items: ReadingNoteItem[];
  /** The view offers "Try again" exactly when the machine takes a retry. */
  canRetry: boolean;
}

export function selectReadingNoteView(snapshot: SnapshotFrom<typeof readingNoteMachine>): ReadingNoteViewModel {
  const status = snapshot.matches('ready') ? 'ready' : snapshot.matches('failed') ? 'failed' : 'loading';
  return { status, items: snapshot.context.items, canRetry: snapshot.can({ type: 'retry' }) };
}
