import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromCallback, type EventObject } from 'xstate';
import { createAttachment, createAttachmentItem, createCourse, createDepartment, createLesson, createReadingItem, resetContent, signIn, tri, type Learner } from '../../server/testing/content-factory';
import { createTestContext, type TestContext } from '../../server/test-support';
import { ApiRequestError } from '../../src/api/api-error';
import { createOnScreenRecordStorage, type KeyValueStore } from '../../src/platform/storage/on-screen-record-storage';
import type { CourseTotal } from '../../src/machines/on-screen-time/on-screen-time.machine';
import { settleOnScreenTimer } from './on-screen-time-settle';
import { onScreenTimeLogic, sendPendingTime, TimeNotSentError, type OnScreenTimeDeps } from '../../src/routes/lesson/on-screen-time.actor';

// Issue 11 §2: a video watched to its end completes on the first viewing. The real timer machine
// and its outbox against the real server: the finish comes after the viewing's pending time.

const VIDEO_SECONDS = 12;
let ctx: TestContext;
let learner: Learner;
const ids = { course: 0, video: 0 };

beforeAll(async () => {
  ctx = await createTestContext({ privateFiles: true });
  const db = ctx.database.db;
  await resetContent(db);
  const department = await createDepartment(db, tri('Training'));
  ids.course = await createCourse(db, { departmentId: department, title: tri('Video course'), publishedAt: new Date('2025-01-01T00:00:00Z') });
  const lesson = await createLesson(db, ids.course, tri('Only'));
  ids.video = (await createAttachment({ db, files: ctx.services.files }, { name: 'intro.mp4', type: 'mp4', content: Buffer.from('video'), mediaDuration: VIDEO_SECONDS })).id;
  await createAttachmentItem(db, { courseId: ids.course, lessonId: lesson, attachmentId: ids.video, title: tri('Intro'), position: 1 });
  // A reading item far from done: the course stays open, so every record is taken.
  await createReadingItem(db, { courseId: ids.course, lessonId: lesson, title: tri('Later'), requiredSeconds: 1_000_000, position: 2 });
}, 60_000);
afterAll(() => ctx?.close());

async function answer(res: Response): Promise<void> {
  if (res.status === 200 || res.status === 204) return;
  const body = (await res.json()) as { status_code: number; message: string };
  throw new ApiRequestError(res.status, body, body.message);
}

/** A learner's page: the real timer, its outbox in memory, the server's clock at the page's. */
async function openVideo(externalId: string) {
  learner = await signIn(ctx, externalId);
  const memory = new Map<string, string>();
  const store: KeyValueStore = { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => void memory.set(k, v), removeItem: (k) => void memory.delete(k) };
  let now = ctx.clock.now();
  let serverDown = false;
  const call = async (path: string, init: Parameters<Learner['request']>[1]) => {
    if (serverDown) throw new ApiRequestError(0, null, 'offline');
    ctx.clock.set(now);
    return learner.request(path, init);
  };
  const deps: OnScreenTimeDeps = {
    putItemLog: async (itemId, payload) => answer(await call(`/api/on_screen_log/${itemId}`, { method: 'PUT', json: payload })),
    putAttachmentStatus: async (id, payload) => answer(await call(`/api/attachments/${id}/status`, { method: 'PUT', json: payload })),
    getCourseTotal: async (courseId) => {
      const body = (await (await call(`/api/on_screen_log/course/${courseId}/total`, {})).json()) as { total_duration: number } | string[];
      return (Array.isArray(body) ? { completed: true } : { completed: false, total: body.total_duration }) satisfies CourseTotal;
    },
    storage: createOnScreenRecordStorage(store),
  };
  const actor = createActor(onScreenTimeLogic(deps).provide({ actors: { ticker: fromCallback<EventObject>(() => undefined) } })).start();
  const settle = () => settleOnScreenTimer(actor);
  actor.send({ type: 'course.setup', courseId: String(ids.course), now });
  await settle();
  // ADR 012: the video is opened (a viewing the server sees begin) before its time counts.
  ctx.clock.set(now);
  const viewing = (await (await learner.request('/api/viewings', { method: 'POST', json: { attachment_id: String(ids.video) } })).json()) as { id: string };
  actor.send({ type: 'timer.start', target: { courseId: String(ids.course), attachmentId: String(ids.video), viewingId: viewing.id }, now });
  return {
    actor,
    /** The video plays for `seconds`, a timer tick each second. */
    play: async (seconds: number) => {
      for (let s = 0; s < seconds; s += 1) {
        now += 1000;
        actor.send({ type: 'clock.tick', now });
      }
      await settle();
    },
    finish: () => call(`/api/attachments/${ids.video}/finish`, { method: 'PUT' }),
    sendPendingTime: () => sendPendingTime(actor, () => now),
    setServerDown: (down: boolean) => void (serverDown = down),
    now: () => now,
  };
}

describe('a video watched to its end (issue 11 §2)', () => {
  it('finishes on the first viewing once the viewing’s pending time was sent first', async () => {
    const page = await openVideo('agent01');
    await page.play(VIDEO_SECONDS);
    // The cause of the defect: the whole viewing is still one record in the browser.
    expect((await page.finish()).status).toBe(400);
    await page.sendPendingTime();
    expect((await page.finish()).status).toBe(204);
    // The timer counts on, into a new record: nothing is refused as 'Record exists' later.
    await page.play(3);
    page.actor.send({ type: 'timer.stop', now: page.now() });
    await page.sendPendingTime();
    const total = (await (await learner.request(`/api/on_screen_log/course/${ids.course}/total`)).json()) as { total_duration: number };
    expect(total.total_duration).toBe(VIDEO_SECONDS + 3);
    page.actor.stop();
  });

  it('says the time was not sent when the server is away, and finishes once it is back', async () => {
    const page = await openVideo('agent02');
    await page.play(VIDEO_SECONDS);
    page.setServerDown(true);
    await expect(page.sendPendingTime()).rejects.toBeInstanceOf(TimeNotSentError);
    page.setServerDown(false);
    await page.sendPendingTime();
    expect((await page.finish()).status).toBe(204);
    page.actor.stop();
  });
});
