import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { HEADER } from '../../src/config/constants';
import { creditedSpans, identityChecks, onScreenLogs, viewings } from '../db/schema';
import { createTestContext } from '../test-support';
import {
  createAttachment,
  createAttachmentItem,
  createCourse,
  createDepartment,
  createLesson,
  createReadingItem,
  openViewing,
  resetContent,
  signIn,
  tri,
  type ContentTestContext,
  type Learner,
} from '../testing/content-factory';

// Issue 11 §1 (ADR 012): on-screen time and completion the server can vouch for, whatever the
// browser sends. Each test is one of the tester's findings, replayed as an attacker would.

let ctx: ContentTestContext;
let recruit: Learner;
let agent: Learner;
const ids = {} as Record<'course' | 'reading' | 'second' | 'video' | 'pdf' | 'long' | 'longReading', number>;
// A prompt every 2–4 minutes, and a minute to answer: a verification covers 5 minutes.
const WINDOW_SECONDS = 4 * 60 + 60;

const advance = (seconds: number) => ctx.clock.advance(seconds * 1000);
const log = (learner: Learner, itemId: number, json: object, headers: Record<string, string> = {}) =>
  learner.request(`/api/on_screen_log/${itemId}`, { method: 'PUT', json, headers });
const credited = async (res: Response) => {
  expect(res.status).toBe(200);
  return ((await res.json()) as { credited: number; trimmed: string[] });
};
const total = async (learner: Learner, courseId: number) => (await (await learner.request(`/api/on_screen_log/course/${courseId}/total`)).json()) as unknown;
const passCheck = (learner: Learner, password: string) =>
  learner.request('/api/auth/login?dry_run=1', { method: 'POST', json: { external_id: 'agent01', password } });

beforeAll(async () => {
  const base = await createTestContext({ privateFiles: true, config: { sessionTimeoutSeconds: 3600, continualAuth: { enabled: true, min: 2, max: 4, unitSeconds: 60, slackSeconds: 60 } } });
  ctx = Object.assign(base, { deps: { db: base.database.db, files: base.services.files } });
  const db = ctx.database.db;
  await resetContent(db);
  const department = await createDepartment(db, tri('Compliance'));
  const published = new Date('2025-01-01T00:00:00Z');
  // A compulsory course of three CPD hours: a reading, a video and a PDF.
  ids.course = await createCourse(db, { departmentId: department, title: tri('Compulsory ethics'), publishedAt: published });
  const lesson = await createLesson(db, ids.course, tri('One'));
  ids.reading = await createReadingItem(db, { courseId: ids.course, lessonId: lesson, title: tri('Code'), requiredSeconds: 600, position: 1 });
  ids.video = (await createAttachment(ctx.deps, { name: 'ethics.mp4', type: 'mp4', content: Buffer.from('mp4'), mediaDuration: 1200 })).id;
  await createAttachmentItem(db, { courseId: ids.course, lessonId: lesson, attachmentId: ids.video, title: tri('Video'), position: 2 });
  ids.pdf = (await createAttachment(ctx.deps, { name: 'ethics.pdf', type: 'pdf', content: Buffer.from('%PDF'), pageCount: 2 })).id;
  await createAttachmentItem(db, { courseId: ids.course, lessonId: lesson, attachmentId: ids.pdf, title: tri('Handbook'), position: 3 });
  ids.second = await createReadingItem(db, { courseId: ids.course, lessonId: lesson, title: tri('Second'), requiredSeconds: 1_000_000, position: 4 });
  ids.long = await createCourse(db, { departmentId: department, title: tri('Long'), publishedAt: published });
  ids.longReading = await createReadingItem(db, { courseId: ids.long, lessonId: await createLesson(db, ids.long, tri('L')), title: tri('Long read'), requiredSeconds: 1_000_000 });
  recruit = await signIn(ctx, 'recruit01', 'Recruit2026');
  agent = await signIn(ctx, 'agent01');
}, 60_000);
afterAll(() => ctx?.close());

describe('time is credited only inside a viewing the server saw begin, never more than wall time', () => {
  it('a day backdated at once credits only the seconds since the item was opened', async () => {
    const viewing_id = await openViewing(recruit, { item_id: ids.longReading });
    advance(10);
    const r = await credited(await log(recruit, ids.longReading, { duration: 86_400, key: ctx.clock.now() - 86_400_000, viewing_id }));
    expect(r).toMatchObject({ credited: 10, trimmed: ['viewing'] });
    // Without a viewing there is nothing to credit at all.
    expect((await log(recruit, ids.longReading, { duration: 5, key: ctx.clock.now() - 5000 })).status).toBe(400);
  });

  it('a device clock a year ahead widens nothing', async () => {
    const viewing_id = await openViewing(recruit, { item_id: ids.longReading });
    advance(30);
    const device = ctx.clock.now() + 365 * 86_400_000;
    const res = await log(recruit, ids.longReading, { duration: 31_536_000, key: device - 31_536_000_000, viewing_id }, { [HEADER.clientTime]: String(device) });
    expect((await credited(res)).credited).toBeLessThanOrEqual(30);
  });

  it('20 overlapping records on one item, and two tabs on two items, add no more than the wall time', async () => {
    const before = (await total(recruit, ids.long)) as { total_duration: number };
    const start = ctx.clock.now();
    const one = await openViewing(recruit, { item_id: ids.longReading });
    const other = await openViewing(recruit, { item_id: ids.longReading });
    advance(60);
    let sum = 0;
    for (let i = 0; i < 20; i += 1) {
      const viewing_id = i % 2 ? one : other;
      sum += (await credited(await log(recruit, ids.longReading, { duration: 60, key: start + 1 + i * 100, viewing_id }))).credited;
    }
    expect(sum).toBeLessThanOrEqual(60);
    expect(((await total(recruit, ids.long)) as { total_duration: number }).total_duration - before.total_duration).toBe(sum);
    // A second tab on another item over the same minute: nothing more.
    const tab = await openViewing(recruit, { item_id: ids.second });
    expect((await credited(await log(recruit, ids.second, { duration: 60, key: start, viewing_id: tab }))).credited).toBe(0);
  });

  it('an honest record kept while the server was down is credited in full when it arrives hours later', async () => {
    const viewing_id = await openViewing(agent, { item_id: ids.longReading });
    const key = ctx.clock.now();
    advance(45);
    // The server is away; the browser keeps the record. It arrives two hours later.
    advance(2 * 3600);
    // By then the session has timed out: the learner signs in again and the browser sends it.
    agent = await signIn(ctx, 'agent01');
    recruit = await signIn(ctx, 'recruit01', 'Recruit2026');
    expect(await credited(await log(agent, ids.longReading, { duration: 45, key, viewing_id }))).toEqual({ claimed: 45, credited: 45, trimmed: [] });
  });
});

describe('completion follows from credited time only', () => {
  it("recruit01 cannot complete the compulsory course with backdated records, a status covering the video and finish on each", async () => {
    const now = ctx.clock.now();
    const viewing_id = await openViewing(recruit, { item_id: ids.reading });
    const video = await openViewing(recruit, { attachment_id: ids.video });
    await openViewing(recruit, { attachment_id: ids.pdf });
    advance(0.1);
    await log(recruit, ids.reading, { duration: 600, key: now - 600_000, viewing_id });
    await recruit.request(`/api/attachments/${ids.video}/status`, { method: 'PUT', json: { completed_pages: 0, duration: 1200, key: now - 1_200_000, viewing_id: video } });
    const finishVideo = await recruit.request(`/api/attachments/${ids.video}/finish`, { method: 'PUT' });
    expect(finishVideo.status).toBe(400);
    expect((await finishVideo.json()).message).toBe('Please watch the video to its end first.');
    expect((await recruit.request(`/api/attachments/${ids.pdf}/finish`, { method: 'PUT' })).status).toBe(204);
    const detail = (await (await recruit.request(`/api/courses/${ids.course}`)).json()) as { status: string; completed_items: number };
    expect(detail.status).not.toBe('completed');
    expect(detail.completed_items).toBe(1);
  });

  it('a video finishes once the credited time covers it', async () => {
    const viewing_id = await openViewing(agent, { attachment_id: ids.video });
    const key = ctx.clock.now();
    // Watched in records of a minute, passing an identity check every four minutes.
    for (let minute = 0; minute < 20; minute += 1) {
      advance(60);
      if (minute % 4 === 3) expect((await passCheck(agent, 'Learner2026')).status).toBe(204);
      const r = await agent.request(`/api/attachments/${ids.video}/status`, { method: 'PUT', json: { completed_pages: 0, duration: 60, key: key + minute * 60_000, viewing_id } });
      expect((await credited(r)).credited).toBe(60);
    }
    expect((await agent.request(`/api/attachments/${ids.video}/finish`, { method: 'PUT' })).status).toBe(204);
  });
});

describe('time is credited only while identity was verified recently (continual authentication)', () => {
  it('a viewing opened within the second of the sign-in is covered by it (rows are stamped to the millisecond)', async () => {
    // The sign-in at x.600 s, the viewing at x.800 s: the same whole second.
    ctx.clock.advance(1000 - (ctx.clock.now() % 1000) + 600);
    const learner = await signIn(ctx, 'agent02');
    ctx.clock.advance(200);
    const res = await learner.request('/api/viewings', { method: 'POST', json: { item_id: String(ids.longReading) } });
    expect(res.status).toBe(201);
    const until = Date.parse(((await res.json()) as { identity_verified_until: string }).identity_verified_until);
    expect(until).toBe((Math.floor(ctx.clock.now() / 1000) + WINDOW_SECONDS) * 1000);
  });

  it('stops crediting after an unanswered prompt, and after a failed one until a check is passed; every second is traced', async () => {
    const learner = await signIn(ctx, 'agent01');
    const viewing_id = await openViewing(learner, { item_id: ids.longReading });
    const viewingStart = ctx.clock.now();
    // The sign-in covers WINDOW_SECONDS; the learner then leaves the prompt unanswered.
    advance(WINDOW_SECONDS + 100);
    const lapsed = await credited(await log(learner, ids.longReading, { duration: WINDOW_SECONDS + 100, key: viewingStart, viewing_id }));
    expect(lapsed.credited).toBe(WINDOW_SECONDS);
    expect(lapsed.trimmed).toEqual(['identity']);
    // A viewing opened now says the verification has lapsed (the browser prompts at once).
    const late = await learner.request('/api/viewings', { method: 'POST', json: { item_id: String(ids.longReading) } });
    expect(((await late.json()) as { identity_verified_until: string }).identity_verified_until).toBe(new Date(Math.floor(ctx.clock.now() / 1000) * 1000).toISOString());

    // A passed prompt: time counts again from it.
    expect((await passCheck(learner, 'Learner2026')).status).toBe(204);
    let key = ctx.clock.now();
    advance(30);
    expect((await credited(await log(learner, ids.longReading, { duration: 30, key, viewing_id }))).credited).toBe(30);
    // A failed prompt: nothing after it, until one is passed.
    expect((await passCheck(learner, 'Wrong2026x')).status).toBe(400);
    key = ctx.clock.now();
    advance(20);
    expect(await credited(await log(learner, ids.longReading, { duration: 20, key, viewing_id }))).toMatchObject({ credited: 0, trimmed: ['identity'] });
    expect((await passCheck(learner, 'Learner2026')).status).toBe(204);
    key = ctx.clock.now();
    advance(20);
    expect((await credited(await log(learner, ids.longReading, { duration: 20, key, viewing_id }))).credited).toBe(20);

    // Every credited second names its viewing, its record and what vouched for the learner.
    const db = ctx.database.db;
    const spans = await db.select().from(creditedSpans).where(eq(creditedSpans.viewingId, Number(viewing_id)));
    const seconds = spans.reduce((n, s) => n + (s.endsAt.getTime() - s.startsAt.getTime()) / 1000, 0);
    expect(seconds).toBe(WINDOW_SECONDS + 30 + 20);
    const [viewing] = await db.select().from(viewings).where(eq(viewings.id, Number(viewing_id)));
    for (const span of spans) {
      expect(span.startsAt.getTime()).toBeGreaterThanOrEqual(Math.floor(viewing.startedAt.getTime() / 1000) * 1000);
      const [record] = await db.select().from(onScreenLogs).where(eq(onScreenLogs.id, span.onScreenLogId));
      expect(record.viewingId).toBe(Number(viewing_id));
      expect(span.identityCheckId !== null || span.signInSessionId !== null).toBe(true);
      if (span.identityCheckId !== null) {
        const [check] = await db.select().from(identityChecks).where(eq(identityChecks.id, span.identityCheckId));
        expect(check.outcome).toBe('success');
        expect(check.createdAt.getTime()).toBeLessThanOrEqual(span.startsAt.getTime() + 999);
      }
    }
  });

  it('a check passed within the same second after a failed one covers the time after it (issue 43 §11)', async () => {
    const learner = await signIn(ctx, 'agent03');
    const check = (password: string) => learner.request('/api/auth/login?dry_run=1', { method: 'POST', json: { external_id: 'agent03', password } });
    const viewing_id = await openViewing(learner, { item_id: ids.longReading });
    // The sign-in has lapsed; the prompt is failed at x.200 s and passed at x.800 s of one second.
    advance(WINDOW_SECONDS + 10);
    ctx.clock.advance(1000 - (ctx.clock.now() % 1000) + 200);
    expect((await check('Wrong2026x')).status).toBe(400);
    ctx.clock.advance(600);
    expect((await check('Learner2026')).status).toBe(204);
    const key = ctx.clock.now();
    advance(30);
    const after = await credited(await log(learner, ids.longReading, { duration: 30, key, viewing_id }));
    expect(after).toMatchObject({ credited: 30, trimmed: [] });
  });
});
