import type { SnapshotFrom } from 'xstate';
import type { ReadingNote } from '../../api/schemas/reading-note.schema';
import { draftSavable, type readingNoteMachine } from './reading-note.machine';

export type ReadingNoteSnapshot = SnapshotFrom<typeof readingNoteMachine>;

export interface ReadingNoteViewModel {
  status: 'loading' | 'ready' | 'failed';
  notes: ReadingNote[];
  draft: string;
  quote: string | null;
  /** The note being edited (null: writing a new one). */
  editingId: string | null;
  /** The PDF page a new note goes on (null: none). */
  page: number | null;
  busy: boolean;
  /** "Save" is offered exactly when the machine takes it. */
  canSave: boolean;
  error: 'save_failed' | 'delete_failed' | null;
}

export function selectReadingNoteView(s: ReadingNoteSnapshot): ReadingNoteViewModel {
  const status = s.matches('failed') ? 'failed' : s.matches('loading') ? 'loading' : 'ready';
  const { notes, draft, quote, editingId, error, place } = s.context;
  return { status, notes, draft, quote, editingId, page: place.page, busy: s.hasTag('busy'), canSave: s.matches('ready') && draftSavable(draft), error };
}
