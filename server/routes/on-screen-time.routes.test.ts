import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseDetailSchema, courseListResponseSchema } from '../../src/api/schemas/courses.schema';
import { HEADER } from '../../src/config/constants';
import {
  createAttachment,
  createAttachmentItem,
  createContentTestContext,
  createCourse,
  createDepartment,
  createLesson,
  createReadingItem,
  openViewing,
  signIn,
  tri,
  type ContentTestContext,
  type Learner,
} from '../testing/content-factory';

let ctx: ContentTestContext;
let agent01: Learner;
let agent02: Learner;
const ids = {} as Record<'course' | 'reading' | 'pdf' | 'pdfItem' | 'long' | 'longReading' | 'future' | 'futureItem', number>;

const log = (learner: Learner, itemId: number, json: unknown, lang?: string) =>
  learner.request(`/api/on_screen_log/${itemId}`, { method: 'PUT', json, headers: lang ? { [HEADER.language]: lang } : {} });
const total = async (learner: Learner, courseId: number) => {
  const res = await learner.request(`/api/on_screen_log/course/${courseId}/total`);
  expect(res.status).toBe(200);
  return res.json();
};
/** A key that began `secondsAgo` before the server's now. */
const keyAgo = (secondsAgo: number) => ctx.clock.now() - secondsAgo * 1000;
const advance = (seconds: number) => ctx.clock.advance(seconds * 1000);
/** Opens the item now and lets `seconds` pass on the server's clock: the honest learner's viewing. */
async function viewFor(learner: Learner, itemId: number, seconds: number): Promise<{ viewing_id: string; key: number }> {
  const viewing_id = await openViewing(learner, { item_id: itemId });
  const key = ctx.clock.now();
  advance(seconds);
  return { viewing_id, key };
}

beforeAll(async () => {
  ctx = await createContentTestContext();
  const db = ctx.database.db;
  const department = await createDepartment(db, tri('Training'));
  const published = new Date('2025-05-01T00:00:00Z');
  ids.course = await createCourse(db, { departmentId: department, title: tri('Ethics'), publishedAt: published });
  const lesson = await createLesson(db, ids.course, tri('One'));
  ids.reading = await createReadingItem(db, { courseId: ids.course, lessonId: lesson, title: tri('Code of conduct'), requiredSeconds: 10, position: 1 });
  ids.pdf = (await createAttachment(ctx.deps, { name: 'ethics.pdf', type: 'pdf', content: Buffer.from('%PDF ethics'), pageCount: 3 })).id;
  ids.pdfItem = await createAttachmentItem(db, { courseId: ids.course, lessonId: lesson, attachmentId: ids.pdf, title: tri('Handbook'), position: 2 });
  ids.long = await createCourse(db, { departmentId: department, title: tri('Long course'), publishedAt: published });
  ids.longReading = await createReadingItem(db, { courseId: ids.long, lessonId: await createLesson(db, ids.long, tri('L')), title: tri('Long read'), requiredSeconds: 100_000 });
  ids.future = await createCourse(db, { departmentId: department, title: tri('Later'), publishedAt: new Date(ctx.clock.now() + 86_400_000) });
  ids.futureItem = await createReadingItem(db, { courseId: ids.future, lessonId: await createLesson(db, ids.future, tri('L')), title: tri('Not yet'), requiredSeconds: 1 });
  agent01 = await signIn(ctx, 'agent01');
  agent02 = await signIn(ctx, 'agent02');
});
afterAll(() => ctx?.close());

describe('PUT /api/on_screen_log/{itemId}', () => {
  it('records once per key: a repeat answers exactly {"status_code":403,"message":"Record exists"}, in any language', async () => {
    const { viewing_id, key } = await viewFor(agent01, ids.longReading, 30);
    const first = await log(agent01, ids.longReading, { duration: 20, key, viewing_id });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ claimed: 20, credited: 20, trimmed: [] });
    const again = await log(agent01, ids.longReading, { duration: 20, key, viewing_id }, 'zh-HK');
    expect(again.status).toBe(403);
    expect(await again.text()).toBe('{"status_code":403,"message":"Record exists"}');
    expect(await total(agent01, ids.long)).toEqual({ total_duration: 20 });
    // The same key is another record for another learner (in their own viewing).
    const other = await openViewing(agent02, { item_id: ids.longReading });
    advance(5);
    expect((await log(agent02, ids.longReading, { duration: 5, key: keyAgo(5), viewing_id: other })).status).toBe(200);
    expect(await total(agent01, ids.long)).toEqual({ total_duration: 20 });
    expect(await total(agent02, ids.long)).toEqual({ total_duration: 5 });
  });

  it('stores exactly one of five concurrent sends of the same key', async () => {
    const { viewing_id, key } = await viewFor(agent01, ids.longReading, 60);
    const answers = await Promise.all(Array.from({ length: 5 }, () => log(agent01, ids.longReading, { duration: 42, key, viewing_id })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 403, 403, 403, 403]);
    for (const r of answers.filter((a) => a.status === 403)) expect(await r.json()).toEqual({ status_code: 403, message: 'Record exists' });
    expect(await total(agent01, ids.long)).toEqual({ total_duration: 20 + 42 });
  });

  it('refuses a duration longer than the time since its key (plus 5 s of slack), and a key in the future', async () => {
    const { viewing_id } = await viewFor(agent01, ids.longReading, 10);
    const key = keyAgo(10);
    const inflated = await log(agent01, ids.longReading, { duration: 16, key, viewing_id });
    expect(inflated.status).toBe(400);
    expect((await inflated.json()).message).toBe("The learning time sent is longer than the time that has passed. Please check your device's clock.");
    const future = await log(agent01, ids.longReading, { duration: 1, key: ctx.clock.now() + 6000, viewing_id }, 'zh-CN');
    expect(future.status).toBe(400);
    expect((await future.json()).message).toBe('记录的时间晚于当前时间，请检查设备的时钟。');
    expect((await log(agent01, ids.longReading, { duration: 10, key, viewing_id })).status).toBe(200);
    expect(await total(agent01, ids.long)).toEqual({ total_duration: 20 + 42 + 10 });
  });

  it("reads the device's clock offset from X-Client-Time: a device clock that is off loses nothing", async () => {
    // The device's clock runs 10 minutes ahead of the server's.
    const viewing_id = await openViewing(agent02, { item_id: ids.longReading });
    const deviceStart = ctx.clock.now() + 600_000;
    advance(20);
    const deviceNow = ctx.clock.now() + 600_000;
    const sent = (key: number, duration: number, clientTime: number) =>
      agent02.request(`/api/on_screen_log/${ids.longReading}`, { method: 'PUT', json: { duration, key, viewing_id }, headers: { [HEADER.clientTime]: String(clientTime) } });
    expect((await log(agent02, ids.longReading, { duration: 20, key: deviceStart, viewing_id })).status).toBe(400);
    const res = await sent(deviceStart, 20, deviceNow);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ claimed: 20, credited: 20, trimmed: [] });
    // Still no more seconds than the device's own clock says have passed.
    expect((await sent(deviceNow - 5_000, 20, deviceNow)).status).toBe(400);
  });

  it('refuses a duration its int4 column cannot hold with a translated 400, not a 500 (issue 11 §4)', async () => {
    // A device clock far ahead lets such a claim past the time check: the schema must stop it.
    const farAhead = { [HEADER.clientTime]: String(ctx.clock.now() + 100 * 365 * 86_400_000) };
    const send = (duration: number, lang = 'en') =>
      agent02.request(`/api/on_screen_log/${ids.longReading}`, { method: 'PUT', json: { duration, key: keyAgo(5), viewing_id: '1' }, headers: { ...farAhead, [HEADER.language]: lang } });
    const over = await send(2_147_483_648);
    expect(over.status).toBe(400);
    expect(await over.json()).toEqual({ status_code: 400, message: 'The number is too large.' });
    expect(await (await send(2 ** 40, 'zh-HK')).json()).toEqual({ status_code: 400, message: '數字太大。' });
  });

  it('refuses bad input (400), a viewing that is not the learner’s own of this item (400), and unknown or unpublished items (404)', async () => {
    const { viewing_id } = await viewFor(agent01, ids.longReading, 5);
    const cases: [unknown, string][] = [
      [{ duration: 0, key: keyAgo(5), viewing_id }, 'Duration must be a whole number of seconds, more than 0.'],
      [{ duration: 1.5, key: keyAgo(5), viewing_id }, 'Duration must be a whole number of seconds, more than 0.'],
      [{ duration: 1, key: -3, viewing_id }, 'The record key must be a positive whole number.'],
      [{ duration: 1, viewing_id }, 'The record key must be a positive whole number.'],
      [{ duration: 1, key: keyAgo(5) }, 'The record must name the viewing it was counted in.'],
    ];
    for (const [json, message] of cases) {
      const res = await log(agent01, ids.longReading, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect((await res.json()).message).toBe(message);
    }
    // Another learner's viewing, or this learner's viewing of another item, credits nothing.
    const notMine = await log(agent02, ids.longReading, { duration: 1, key: keyAgo(1), viewing_id });
    expect(notMine.status).toBe(400);
    expect((await notMine.json()).message).toBe('This time was not counted while the item was open: the server has no record of opening it.');
    expect((await log(agent01, ids.reading, { duration: 1, key: keyAgo(1), viewing_id })).status).toBe(400);
    const unknown = await log(agent01, 999_999, { duration: 1, key: keyAgo(5), viewing_id });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ status_code: 404, message: 'This course item does not exist.' });
    expect((await log(agent01, ids.futureItem, { duration: 1, key: keyAgo(5), viewing_id })).status).toBe(404);
    expect((await agent01.request('/api/on_screen_log/x1', { method: 'PUT', json: { duration: 1, key: keyAgo(5), viewing_id } })).status).toBe(400);
    expect((await ctx.request(`/api/on_screen_log/${ids.longReading}`, { method: 'PUT', json: { duration: 1, key: keyAgo(5), viewing_id } })).status).toBe(401);
    // A viewing of an unknown or unpublished item does not begin.
    for (const item_id of [999_999, ids.futureItem]) {
      expect((await agent01.request('/api/viewings', { method: 'POST', json: { item_id: String(item_id) } })).status).toBe(404);
    }
    expect((await agent01.request('/api/viewings', { method: 'POST', json: { item_id: '1', attachment_id: '2' } })).status).toBe(400);
  });
});

describe('course completion and the total', () => {
  it('enrols by logging time, completes when every item is, then answers the completed form and refuses more time', async () => {
    const before = courseListResponseSchema.parse(await (await agent02.request('/api/courses/mine')).json());
    expect(before.data.map((c) => c.title)).toEqual(['Long course']);

    const { viewing_id } = await viewFor(agent02, ids.reading, 6);
    expect((await log(agent02, ids.reading, { duration: 6, key: keyAgo(6), viewing_id })).status).toBe(200);
    expect(await total(agent02, ids.course)).toEqual({ total_duration: 6 });
    const mine = courseListResponseSchema.parse(await (await agent02.request('/api/courses/mine')).json());
    expect(mine.data.map((c) => [c.title, c.status, c.progress])).toEqual([
      ['Ethics', 'in_progress', 0],
      ['Long course', 'in_progress', 0],
    ]);

    advance(4);
    const secondKey = keyAgo(4);
    expect((await log(agent02, ids.reading, { duration: 4, key: secondKey, viewing_id })).status).toBe(200);
    let detail = courseDetailSchema.parse(await (await agent02.request(`/api/courses/${ids.course}`)).json());
    expect(detail.lessons[0].items.map((i) => [i.duration, i.completed])).toEqual([
      [10, true],
      [0, false],
    ]);
    expect(detail).toMatchObject({ status: 'in_progress', progress: 50, completed_items: 1, total_items: 2, completed_at: null });

    // A PDF (no criteria) finishes once the server saw it opened.
    const unopened = await agent02.request(`/api/attachments/${ids.pdf}/finish`, { method: 'PUT' });
    expect(unopened.status).toBe(400);
    expect((await unopened.json()).message).toBe('Please open the attachment first.');
    const pdfViewing = await openViewing(agent02, { attachment_id: ids.pdf });
    expect((await agent02.request(`/api/attachments/${ids.pdf}/finish`, { method: 'PUT' })).status).toBe(204);
    expect(await total(agent02, ids.course)).toEqual(['Course has already completed']);
    detail = courseDetailSchema.parse(await (await agent02.request(`/api/courses/${ids.course}`)).json());
    expect(detail).toMatchObject({ status: 'completed', progress: 100, completed_items: 2, completed_at: new Date(ctx.clock.now()).toISOString() });

    advance(1);
    const refused = await log(agent02, ids.reading, { duration: 1, key: keyAgo(1), viewing_id }, 'zh-HK');
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe('此課程已完成，不再記錄學習時間。');
    // A resend of a record already stored still answers 'Record exists', so the browser can drop it.
    const resend = await log(agent02, ids.reading, { duration: 4, key: secondKey, viewing_id });
    expect(resend.status).toBe(403);
    expect(await resend.json()).toEqual({ status_code: 403, message: 'Record exists' });
    // The attachment's time is refused the same way.
    const status = await agent02.request(`/api/attachments/${ids.pdf}/status`, { method: 'PUT', json: { completed_pages: 3, duration: 1, key: keyAgo(1), viewing_id: pdfViewing } });
    expect(status.status).toBe(400);
    // Another learner's progress is their own.
    expect(await total(agent01, ids.course)).toEqual({ total_duration: 0 });
  });

  it('404s the total of an unknown or unpublished course', async () => {
    for (const id of [999_999, ids.future]) {
      const res = await agent01.request(`/api/on_screen_log/course/${id}/total`);
      expect(res.status).toBe(404);
      expect((await res.json()).message).toBe('This course does not exist.');
    }
    expect((await agent01.request('/api/on_screen_log/course/abc/total')).status).toBe(400);
  });
});
