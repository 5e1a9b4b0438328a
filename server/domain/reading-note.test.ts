import { describe, expect, it } from 'vitest';
import { readingNoteListSchema } from '../../src/api/schemas/reading-note.schema';
import { readingNoteFor } from './reading-note';

describe('reading-note domain', () => {
  it('answers what the contract declares', () => {
    expect(readingNoteListSchema.parse(readingNoteFor(7))).toEqual({ items: [{ id: '7', title: 'First' }] });
  });
});
