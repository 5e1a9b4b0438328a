import { callRoute } from './call-route';
import type { ReadingNoteList } from './schemas/reading-note.schema';
import { getReadingNoteRoute } from './schemas/reading-note.routes';

export function getReadingNote(): Promise<ReadingNoteList> {
  return callRoute(getReadingNoteRoute, {});
}
