import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READING_NOTE_QUOTE_MAX, READING_NOTE_TEXT_MAX, readingNoteListSchema, readingNoteSchema } from '../../src/api/schemas/reading-note.schema';
import { attachments, courseItems } from '../db/schema';
import { createTestContext, type TestContext } from '../test-support';

// Issue 47, ADR 102: reading notes, called as an attacker would — another learner's ids, bad
// bodies, over-long text — and as the owner.

let ctx: TestContext;
let agent01: string;
let agent02: string;
let pdfItem: { id: number; courseId: number; attachmentId: number };
let readingItem: { id: number; courseId: number };
beforeAll(async () => {
  ctx = await createTestContext();
  agent01 = await ctx.login('agent01', 'Learner2026');
  agent02 = await ctx.login('agent02', 'Learner2026');
  const db = ctx.database.db;
  [pdfItem] = (await db
    .select({ id: courseItems.id, courseId: courseItems.courseId, attachmentId: courseItems.attachmentId })
    .from(courseItems)
    .innerJoin(attachments, eq(attachments.id, courseItems.attachmentId))
    .where(and(eq(attachments.type, 'pdf'), isNotNull(courseItems.attachmentId)))
    .limit(1)) as (typeof pdfItem)[];
  [readingItem] = await db.select({ id: courseItems.id, courseId: courseItems.courseId }).from(courseItems).where(isNull(courseItems.attachmentId)).limit(1);
});
afterAll(() => ctx?.close());

/** A write as `token`'s browser: its XSRF cookie is the one that session's last read set. */
async function write(path: string, method: string, token: string, json?: unknown, lang = 'en') {
  await ctx.request('/api/users/current', { token });
  return ctx.request(path, { method, token, json, headers: { 'X-App-Language': lang } });
}
const post = (token: string, json: unknown, lang = 'en') => write('/api/reading-notes', 'POST', token, json, lang);
const mine = async (token: string, query = '') => readingNoteListSchema.parse(await (await ctx.request(`/api/reading-notes${query}`, { token })).json()).data;

describe('reading notes (issue 47)', () => {
  it('starts with agent01’s two demo notes, one on page 2 of a PDF; agent02 has none', async () => {
    const seeded = await mine(agent01);
    expect(seeded).toHaveLength(2);
    expect(seeded.find((n) => n.pdf_page === 2)?.attachment_id).not.toBeNull();
    expect(await mine(agent02)).toEqual([]);
  });

  it('keeps a note on a PDF page with its quote; the server takes the course and the attachment from the item', async () => {
    const at = new Date(ctx.clock.now()).toISOString();
    const res = await post(agent01, { item_id: String(pdfItem.id), pdf_page: 2, text: '  Remember the cooling-off period  ', quote: 'cooling-off period of 21 days' });
    expect(res.status, await res.clone().text()).toBe(201);
    const note = readingNoteSchema.parse(await res.json());
    expect(note).toMatchObject({
      course_id: String(pdfItem.courseId),
      item_id: String(pdfItem.id),
      attachment_id: String(pdfItem.attachmentId),
      pdf_page: 2,
      text: 'Remember the cooling-off period',
      quote: 'cooling-off period of 21 days',
      created_at: at,
    });
    expect(note.course_title).not.toBe('');
    expect((await mine(agent01, `?item_id=${pdfItem.id}`)).map((n) => n.id)).toContain(note.id);
  });

  it('keeps no page on an item without an attachment', async () => {
    const res = await post(agent01, { item_id: String(readingItem.id), pdf_page: 4, text: 'A reading note' });
    expect(res.status).toBe(201);
    expect(readingNoteSchema.parse(await res.json())).toMatchObject({ pdf_page: null, attachment_id: null, quote: null });
  });

  it('lets only the owner read, edit and delete a note: another learner gets 404', async () => {
    const note = readingNoteSchema.parse(await (await post(agent01, { item_id: String(readingItem.id), text: 'Private thought' })).json());
    expect((await mine(agent02)).map((n) => n.id)).not.toContain(note.id);
    const edit = await write(`/api/reading-notes/${note.id}`, 'PATCH', agent02, { text: 'Hijacked' });
    expect(edit.status).toBe(404);
    expect((await write(`/api/reading-notes/${note.id}`, 'DELETE', agent02)).status).toBe(404);
    expect((await mine(agent01)).find((n) => n.id === note.id)?.text).toBe('Private thought');

    ctx.clock.advance(60_000);
    const editedAt = new Date(ctx.clock.now()).toISOString();
    const own = await write(`/api/reading-notes/${note.id}`, 'PATCH', agent01, { text: 'Second thought', quote: '' });
    expect(own.status).toBe(200);
    expect(readingNoteSchema.parse(await own.json())).toMatchObject({ text: 'Second thought', quote: null, updated_at: editedAt });
    expect((await write(`/api/reading-notes/${note.id}`, 'DELETE', agent01)).status).toBe(204);
    expect((await write(`/api/reading-notes/${note.id}`, 'DELETE', agent01)).status).toBe(404);
  });

  it('refuses bad input with a clear translated 400', async () => {
    const cases: [unknown, string][] = [
      [{ item_id: String(readingItem.id), text: '   ' }, 'Write your note first.'],
      [{ item_id: String(readingItem.id), text: 'x'.repeat(READING_NOTE_TEXT_MAX + 1) }, `A note holds at most ${READING_NOTE_TEXT_MAX} characters.`],
      [{ item_id: String(readingItem.id), text: 'ok', quote: 'q'.repeat(READING_NOTE_QUOTE_MAX + 1) }, `A quoted passage holds at most ${READING_NOTE_QUOTE_MAX} characters.`],
      [{ item_id: String(pdfItem.id), text: 'ok', pdf_page: 0 }, 'The PDF page must be a whole number from 1.'],
      [{ item_id: String(pdfItem.id), text: 'ok', pdf_page: 1.5 }, 'The PDF page must be a whole number from 1.'],
    ];
    for (const [body, message] of cases) {
      const res = await post(agent01, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(message);
    }
    const zh = await post(agent01, { item_id: String(readingItem.id), text: '' }, 'zh-HK');
    expect(((await zh.json()) as { message: string }).message).toBe('請先寫下筆記。');
    expect((await post(agent01, { item_id: 'abc', text: 'ok' })).status).toBe(400);
    expect((await write('/api/reading-notes/abc', 'DELETE', agent01)).status).toBe(400);
  });

  it('answers 404 for an item that does not exist', async () => {
    expect((await post(agent01, { item_id: '99999999', text: 'ok' })).status).toBe(404);
  });

  it('refuses a caller without a token', async () => {
    expect((await ctx.request('/api/reading-notes')).status).toBe(401);
    expect((await ctx.request('/api/reading-notes', { method: 'POST', json: { item_id: '1', text: 'x' } })).status).toBe(401);
  });
});
