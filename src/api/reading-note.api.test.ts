import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createReadingNote, deleteReadingNote, getReadingNotes } from './reading-note.api';
import { json, stubFetch, tokenFor } from './test-helpers';
import { setToken } from '../platform/storage/token-storage';

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => setToken(tokenFor('1')));

const note = {
  id: '7', course_id: '1', course_title: 'Ethics', item_id: '3', item_title: 'Guide', attachment_id: '2', attachment_name: 'guide.pdf',
  pdf_page: 2, text: 'Remember', quote: null, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z',
};

describe('reading-note calls', () => {
  it('reads GET /api/reading-notes of one item with the bearer token and parses it with the contract', async () => {
    const net = stubFetch(() => json({ data: [note] }));
    await expect(getReadingNotes('3')).resolves.toEqual([note]);
    const url = new URL(net.last().url);
    expect(url.pathname).toBe('/api/reading-notes');
    expect(url.searchParams.get('item_id')).toBe('3');
    expect(net.last().headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('posts a new note and deletes one by its id', async () => {
    const net = stubFetch((req) => (req.method === 'DELETE' ? new Response(null, { status: 204 }) : json(note, 201)));
    await expect(createReadingNote({ item_id: '3', pdf_page: 2, text: 'Remember' })).resolves.toEqual(note);
    await deleteReadingNote('7');
    expect(new URL(net.last().url).pathname).toBe('/api/reading-notes/7');
  });

  it('refuses an answer that breaks the contract', async () => {
    stubFetch(() => json({ data: [{ id: 1 }] }));
    await expect(getReadingNotes()).rejects.toMatchObject({ name: 'InvalidResponseError' });
  });
});
