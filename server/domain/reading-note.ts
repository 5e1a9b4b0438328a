import type { ReadingNoteList } from '../../src/api/schemas/reading-note.schema';

/** The business rules of reading-note (DESIGN §2: pure where possible). A sample: replace it. */
export function readingNoteFor(userId: number): ReadingNoteList {
  return { items: [{ id: String(userId), title: 'First' }] };
}
