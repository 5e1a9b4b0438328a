import { READING_NOTE_TEXT_MAX } from '../../config/reading-note';
import { stateName, type Oracle, type OracleEvent, type OracleRow } from '../testing/model-coverage';
import type { ReadingNoteSnapshot } from './reading-note.selectors';

// ADR 022: the notes panel as issue 47 describes it, written from the issue and not read off the
// machine: (state, event) → next state; an event missing from a row is refused. Notes load once
// (a failed load may be tried again); a note is saved only with some text within the limit; only a
// note of the list may be edited or deleted; one write at a time; a failed write keeps the draft.
// The PDF page may change at any time.

const text = (s: ReadingNoteSnapshot) => s.context.draft.trim();
const savable = (_: OracleEvent, s: ReadingNoteSnapshot) => (text(s).length > 0 && text(s).length <= READING_NOTE_TEXT_MAX ? 'saving' : null);
const listed = (target: string) => (e: OracleEvent, s: ReadingNoteSnapshot) => (s.context.notes.some((n) => n.id === e.id) ? target : null);

const table: Record<string, OracleRow<ReadingNoteSnapshot>> = {
  loading: { 'xstate.done.actor.load': 'ready', 'xstate.error.actor.load': 'failed', 'place.page': 'loading' },
  failed: { retry: 'loading', 'place.page': 'failed' },
  ready: {
    'draft.change': 'ready',
    'quote.take': 'ready',
    'quote.clear': 'ready',
    edit: listed('ready'),
    'edit.cancel': 'ready',
    save: savable,
    delete: listed('deleting'),
    'place.page': 'ready',
  },
  saving: { 'xstate.done.actor.save': 'ready', 'xstate.error.actor.save': 'ready', 'place.page': 'saving' },
  deleting: { 'xstate.done.actor.remove': 'ready', 'xstate.error.actor.remove': 'ready', 'place.page': 'deleting' },
};

export const readingNoteOracle: Oracle<ReadingNoteSnapshot> = {
  state: (s) => stateName(s.value),
  table,
  offers: (s) => ({ save: s.matches('ready') && savable({ type: 'save' }, s) !== null }),
};
