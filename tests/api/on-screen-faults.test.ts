import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromCallback, SimulatedClock, type Actor, type EventObject } from 'xstate';
import { createAttachment, createAttachmentItem, createCourse, createDepartment, createLesson, createReadingItem, resetContent, signIn, tri, type Learner } from '../../server/testing/content-factory';
import { createTestContext, type TestContext } from '../../server/test-support';
import { ApiRequestError } from '../../src/api/api-error';
import { createOnScreenRecordStorage, type KeyValueStore } from '../../src/platform/storage/on-screen-record-storage';
import type { CourseTotal, OnScreenTimeEvent, TimerTarget } from '../../src/machines/on-screen-time/on-screen-time.machine';
import { onScreenTimeView } from '../../src/machines/on-screen-time/on-screen-time.selectors';
import { onScreenTimeLogic, type OnScreenTimeDeps } from '../../src/routes/lesson/on-screen-time.actor';
import { seeded } from './fuzz/bad-input';
import { settleOnScreenTimer } from './on-screen-time-settle';

// Brief law (issue 5): the time a learner spends is counted exactly once, never lost, never
// inflated. The real timer machine and its outbox, against the real server, through a seeded
// schedule of 100 faults; the server's total must equal the seconds the items were visible.

let ctx: TestContext;
let learner: Learner;
const ids = { course: 0, first: 0, second: 0, pdf: 0 };

beforeAll(async () => {
  // A long session: the simulated learner reads for hours of server time.
  // Identity prompts are another test's subject (on-screen-time.routes.test.ts): here they are off.
  ctx = await createTestContext({
    privateFiles: true,
    config: { sessionTimeoutSeconds: 86_400, continualAuth: { enabled: false, min: 15, max: 30, unitSeconds: 60, slackSeconds: 120 } },
  });
  const db = ctx.database.db;
  await resetContent(db);
  const department = await createDepartment(db, tri('Training'));
  ids.course = await createCourse(db, { departmentId: department, title: tri('Long course'), publishedAt: new Date('2025-01-01T00:00:00Z') });
  const lesson = await createLesson(db, ids.course, tri('Only'));
  // Required seconds far beyond the run, and an unfinished PDF: the course never completes.
  ids.first = await createReadingItem(db, { courseId: ids.course, lessonId: lesson, title: tri('First'), requiredSeconds: 1_000_000, position: 1 });
  ids.second = await createReadingItem(db, { courseId: ids.course, lessonId: lesson, title: tri('Second'), requiredSeconds: 1_000_000, position: 2 });
  ids.pdf = (await createAttachment({ db, files: ctx.services.files }, { name: 'guide.pdf', type: 'pdf', content: Buffer.from('%PDF guide'), pageCount: 9 })).id;
  await createAttachmentItem(db, { courseId: ids.course, lessonId: lesson, attachmentId: ids.pdf, title: tri('Guide'), position: 3 });
  learner = await signIn(ctx, 'agent01');
}, 60_000);
afterAll(() => ctx?.close());


async function answer(res: Response): Promise<void> {
  if (res.status === 200 || res.status === 204) return;
  const body = (await res.json()) as { status_code: number; message: string };
  throw new ApiRequestError(res.status, body, body.message);
}

type Fault = 'server500' | 'offline' | 'lostAnswer' | 'pageClosed' | 'duplicate' | 'recordExists';
const FAULTS: Fault[] = ['server500', 'offline', 'lostAnswer', 'pageClosed', 'duplicate', 'recordExists'];

describe('on-screen time under faults (real machine, real server)', () => {
  it('counts every visible second exactly once through 100 faults', async () => {
    const random = seeded(20260105);
    const memory = new Map<string, string>();
    const store: KeyValueStore = { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => void memory.set(k, v), removeItem: (k) => void memory.delete(k) };
    const storage = createOnScreenRecordStorage(store);
    let now = ctx.clock.now();
    const injected: Record<Fault, number> = { server500: 0, offline: 0, lostAnswer: 0, pageClosed: 0, duplicate: 0, recordExists: 0 };
    let faultsLeft = 100;
    let reload = false;
    let sends = 0;

    /** One request as the browser would make it, the server's clock at the simulated time. */
    const call = (path: string, json: unknown) => {
      ctx.clock.set(now);
      return learner.request(path, { method: 'PUT', json });
    };
    /** A send through the schedule's faults. */
    const faulty = async (path: string, json: unknown): Promise<void> => {
      sends += 1;
      const fault = faultsLeft > 0 && random() < 0.5 ? FAULTS[Math.floor(random() * FAULTS.length)] : null;
      if (!fault) return answer(await call(path, json));
      faultsLeft -= 1;
      injected[fault] += 1;
      switch (fault) {
        case 'server500':
          throw new ApiRequestError(500, { status_code: 500, message: 'Internal Server Error' }, 'Internal Server Error');
        case 'offline':
          throw new ApiRequestError(0, null, 'offline');
        case 'lostAnswer':
          await call(path, json);
          throw new ApiRequestError(0, null, 'offline');
        case 'pageClosed':
          // The server has it; the page is gone before the answer (the test reloads it).
          await call(path, json);
          reload = true;
          throw new ApiRequestError(0, null, 'page closed');
        case 'duplicate': {
          const first = await call(path, json);
          await call(path, json);
          return answer(first);
        }
        case 'recordExists':
          // Someone (another tab) sent it first: this send is answered 403 'Record exists'.
          await call(path, json);
          return answer(await call(path, json));
      }
    };
    const deps: OnScreenTimeDeps = {
      putItemLog: (itemId, payload) => faulty(`/api/on_screen_log/${itemId}`, payload),
      putAttachmentStatus: (id, payload) => faulty(`/api/attachments/${id}/status`, payload),
      getCourseTotal: async (courseId) => {
        ctx.clock.set(now);
        const res = await learner.request(`/api/on_screen_log/course/${courseId}/total`);
        if (res.status !== 200) throw new ApiRequestError(res.status, null, 'total');
        const body = (await res.json()) as { total_duration: number } | string[];
        return (Array.isArray(body) ? { completed: true } : { completed: false, total: body.total_duration }) satisfies CourseTotal;
      },
      storage,
    };
    const logic = onScreenTimeLogic(deps).provide({ actors: { ticker: fromCallback<EventObject>(() => undefined) } });
    const clock = new SimulatedClock();
    type TimerActor = Actor<typeof logic>;

    // The page as the learner sees it (what a reload restores).
    let target: TimerTarget | null = null;
    let hidden = false;
    let visibleSeconds = 0;

    const settle = (actor: TimerActor) => settleOnScreenTimer(actor);
    const open = async (): Promise<TimerActor> => {
      const actor = createActor(logic, { clock }).start();
      if (hidden) actor.send({ type: 'page.hidden', now });
      actor.send({ type: 'course.setup', courseId: String(ids.course), now });
      if (target) actor.send({ type: 'timer.start', target, now });
      await settle(actor);
      expect(onScreenTimeView(actor.getSnapshot()).status).not.toBe('error');
      return actor;
    };
    let actor = await open();
    const send = async (event: OnScreenTimeEvent) => {
      actor.send(event);
      await settle(actor);
      if (reload) {
        reload = false;
        actor.stop();
        actor = await open();
      }
    };
    // ADR 012: each item is opened (a viewing the server sees begin) before its time counts.
    ctx.clock.set(now);
    const viewing = async (json: object) => String(((await (await learner.request('/api/viewings', { method: 'POST', json })).json()) as { id: string }).id);
    const targets: TimerTarget[] = [
      { courseId: String(ids.course), itemId: String(ids.first), viewingId: await viewing({ item_id: String(ids.first) }) },
      { courseId: String(ids.course), itemId: String(ids.second), viewingId: await viewing({ item_id: String(ids.second) }) },
      { courseId: String(ids.course), attachmentId: String(ids.pdf), viewingId: await viewing({ attachment_id: String(ids.pdf) }) },
    ];

    // Whole simulated seconds: every change happens on a second, so nothing is a part-second.
    for (let second = 0; faultsLeft > 0 && second < 20_000; second += 1) {
      const roll = random();
      if (roll < 0.04) {
        target = targets[Math.floor(random() * targets.length)];
        await send({ type: 'timer.start', target, now });
      } else if (roll < 0.06) {
        target = null;
        await send({ type: 'timer.stop', now });
      } else if (roll < 0.09) {
        hidden = !hidden;
        await send({ type: hidden ? 'page.hidden' : 'page.visible', now });
      } else if (roll < 0.1 && target?.attachmentId !== undefined) {
        await send({ type: 'timer.page', page: 1 + Math.floor(random() * 9) });
      }
      if (target && !hidden) visibleSeconds += 1;
      now += 1000;
      clock.increment(1000);
      await send({ type: 'clock.tick', now });
    }
    expect(faultsLeft).toBe(0);
    for (const fault of FAULTS) expect(injected[fault], fault).toBeGreaterThan(0);

    // The faults are over: the learner leaves the item, the outbox drains.
    await send({ type: 'timer.stop', now });
    for (let i = 0; i < 10 && storage.readOutbox().length > 0; i += 1) {
      now += 60_000;
      clock.increment(60_000);
      await settle(actor);
    }
    expect(storage.readOutbox()).toEqual([]);
    expect(storage.readCurrent()).toBeNull();
    expect(actor.getSnapshot().matches({ outbox: 'idle' })).toBe(true);
    actor.stop();

    ctx.clock.set(now);
    const res = await learner.request(`/api/on_screen_log/course/${ids.course}/total`);
    expect(visibleSeconds).toBeGreaterThan(600);
    expect(sends).toBeGreaterThan(100);
    expect(await res.json()).toEqual({ total_duration: visibleSeconds });
  }, 300_000);
});
