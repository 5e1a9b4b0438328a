import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, setup, type AnyActorRef, type EventObject } from 'xstate';
import type { CourseDetail } from '../../api/schemas/courses.schema';
import type { Viewing } from '../../api/schemas/viewings.schema';
import { courseDetailMachine } from '../course-detail/course-detail.machine';
import { onScreenTimeMachine, type CourseTotal, type OutboxReport } from '../on-screen-time/on-screen-time.machine';
import { onScreenTimeView, type OnScreenTimeSnapshot } from '../on-screen-time/on-screen-time.selectors';
import { lessonCourse } from './lesson.fixtures';
import { lessonMachine, type FinishProblem, type LessonEvent, type ViewingTarget } from './lesson.machine';
import { lessonCandidates, lessonOracle, lessonSpec, machineEventOf, type LessonOracleState, type LessonSituation, type LessonTestEvent } from './lesson.oracle';
import { oracleAfter, oracleBefore, type Oracle } from '../testing/model-coverage';
import { selectFinishView, selectLessonView } from './lesson.selectors';

// SPEC §7 "Course detail"/"Lesson", §4 "On-screen time", ADR 012 (viewings), with fake effects and
// one fake clock. The oracle (lesson.oracle.ts) is written from the spec, not from the machine.

const T0 = 1_767_000_000_000;

interface Deferred<T> {
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}
const deferred = <T,>(list: Deferred<T>[]) =>
  new Promise<T>((resolve, reject) => {
    list.push({ resolve, reject });
  });
const settle = () => new Promise<void>((r) => setTimeout(r, 0));

function startLesson(itemId: string, { course = lessonCourse }: { course?: CourseDetail } = {}) {
  let now = T0;
  const courseLoads: Deferred<CourseDetail>[] = [];
  const times: Deferred<void>[] = [];
  const finishes: Deferred<void>[] = [];
  const finished: string[] = [];
  const viewings: ViewingTarget[] = [];
  const verified: number[] = [];
  const attachmentEvents: string[] = [];
  const leftWithTimer: Array<string | undefined> = [];
  let viewingSend: ((event: EventObject) => void) | null = null;
  const pendingTimers: Array<AnyActorRef | undefined> = [];
  const logic = lessonMachine.provide({
    actors: {
      timer: onScreenTimeMachine.provide({
        actors: {
          fetchTotal: fromPromise<CourseTotal, { courseId: string }>(async () => ({ completed: false, total: 0 })),
          flushOutbox: fromPromise<OutboxReport | null>(async () => null),
        },
        actions: { saveRecord: () => undefined, enqueueRecord: () => undefined },
      }),
      courseDetail: courseDetailMachine.provide({
        actors: { loadCourse: fromPromise<CourseDetail, string>(() => deferred(courseLoads)) },
      }),
      attachment: setup({}).createMachine({ on: { '*': { actions: ({ event }) => void attachmentEvents.push(event.type) } } }) as never,
      openViewing: fromCallback<EventObject, ViewingTarget>(({ input, sendBack }) => {
        viewings.push(input);
        viewingSend = sendBack;
      }),
      sendPendingTime: fromPromise<void, { timer: AnyActorRef | undefined }>(({ input }) => {
        pendingTimers.push(input.timer);
        return deferred(times);
      }),
      finishAttachment: fromPromise<void, { attachmentId: string }>(({ input }) => {
        finished.push(input.attachmentId);
        return deferred(finishes);
      }),
      leaveCourse: fromCallback(({ system }) => {
        const timerRef = system.get('lessonTimer') as AnyActorRef | undefined;
        return () => void leftWithTimer.push(timerRef?.getSnapshot().status);
      }),
    },
    actions: {
      identityVerifiedFor: (_, { remainingMs }) => {
        if (remainingMs !== null) verified.push(remainingMs);
      },
    },
  });
  const actor = createActor(logic, { input: { courseId: 'c1', itemId, now: () => now } }).start();
  const timer = () => actor.getSnapshot().children.timer!;
  const timerView = () => onScreenTimeView(timer().getSnapshot() as OnScreenTimeSnapshot);
  const h = {
    actor,
    viewings,
    verified,
    finished,
    attachmentEvents,
    leftWithTimer,
    pendingTimers,
    timer,
    timerView,
    advance: (seconds: number) => {
      now += seconds * 1000;
      timer().send({ type: 'clock.tick', now });
    },
    now: () => now,
    value: (): LessonOracleState | string => {
      const value = actor.getSnapshot().value as { item: LessonOracleState } | string;
      return typeof value === 'string' ? value : value.item;
    },
    /** Sends one event (or settles one answer); the shared harness checks it against the spec
     * tables (lessonSpec): before, what the machine accepts and the view offers; after, each region. */
    async send(event: LessonTestEvent) {
      const before = actor.getSnapshot();
      const asMachineEvent = machineEventOf(event, course);
      const expected = oracleBefore(lessonSpec as Oracle, before, lessonCandidates, asMachineEvent);
      switch (event.type) {
        case 'test.courseLoaded':
          courseLoads.shift()!.resolve(course);
          break;
        case 'test.courseFailed':
          courseLoads.shift()!.reject(new Error('offline'));
          break;
        case 'test.timeSent':
          times.shift()!.resolve();
          break;
        case 'test.timeNotSent':
          times.shift()!.reject({ kind: 'time_not_sent' } satisfies FinishProblem);
          break;
        case 'test.finishDone':
          finishes.shift()!.resolve();
          break;
        case 'test.finishRefused':
          finishes.shift()!.reject({ kind: 'refused', reason: 'Not yet' } satisfies FinishProblem);
          break;
        case 'viewing.begun':
        case 'viewing.failed':
          // From the viewing opener, as it would send it (nothing when none is open).
          if (viewingSend) viewingSend(event);
          else actor.send(event);
          if (event.type === 'viewing.begun') viewingSend = null;
          break;
        default:
          actor.send(event as LessonEvent);
      }
      await settle();
      await settle();
      oracleAfter(lessonSpec as Oracle, expected, asMachineEvent, actor.getSnapshot(), before);
    },
  };
  return h;
}

type Harness = ReturnType<typeof startLesson>;
const begun = (until: string | null = null) => ({ type: 'viewing.begun', viewing: { id: 'v1', started_at: '2026-01-01T00:00:00Z', identity_verified_until: until } satisfies Viewing }) as const;

/** Each situation of the oracle, reached from a fresh page. */
async function reach(situation: LessonSituation): Promise<Harness> {
  const attachment = situation.startsWith('attachment');
  const h = startLesson(situation === 'unknown item' ? 'nope' : attachment ? 'i2' : 'r1');
  await settle();
  if (situation === 'course loading') return h;
  await h.send({ type: 'test.courseLoaded' });
  if (situation === 'unknown item' || situation.endsWith('viewing opening') && !situation.includes('complete')) return h;
  if (situation === 'attachment complete, viewing opening') {
    await h.send({ type: 'attachment.complete' });
    return h;
  }
  await h.send(begun());
  if (situation.endsWith('viewing open')) return h;
  await h.send({ type: 'attachment.complete' });
  if (situation === 'attachment, sending time') return h;
  await h.send({ type: 'test.timeSent' });
  if (situation === 'attachment, finishing') return h;
  await h.send({ type: situation === 'attachment, finish failed' ? 'test.finishRefused' : 'test.finishDone' });
  return h;
}

describe('lesson machine: the oracle (SPEC §7, §4, ADR 012)', () => {
  it.each(lessonOracle.map((row) => [`${row.from} + ${row.event.type}`, row] as const))('%s', async (_, row) => {
    const h = await reach(row.from);
    await h.send(row.event);
    expect(h.value(), `${row.from} + ${row.event.type}`).toEqual({ item: row.to }.item);
    if (row.offersFinishRetry !== undefined) {
      // What the view offers (a retry button) is what the machine accepts.
      const snapshot = h.actor.getSnapshot();
      const offered = selectFinishView(snapshot)?.problem != null;
      expect(offered).toBe(row.offersFinishRetry);
      expect(snapshot.can({ type: 'finish.retry' })).toBe(row.offersFinishRetry);
    }
    h.actor.stop();
  });
});

describe('lesson machine: rules', () => {
  it('sets the course up with the clock, and starts the timer only once the viewing is open', async () => {
    const h = await reach('reading, viewing opening');
    expect(h.viewings).toEqual([{ courseId: 'c1', itemId: 'r1' }]);
    expect(h.timer().getSnapshot().context.courseId).toBe('c1');
    expect(h.timerView().target).toBeNull();
    await h.send(begun());
    expect(h.timerView().target).toEqual({ courseId: 'c1', itemId: 'r1', viewingId: 'v1' });
    expect(h.timerView().status).toBe('counting');
  });

  it('opens an attachment item by its attachment, and shows the POST viewings failure until it answers', async () => {
    const h = await reach('attachment, viewing opening');
    expect(h.viewings).toEqual([{ courseId: 'c1', attachmentId: 'att7' }]);
    await h.send({ type: 'viewing.failed' });
    expect(h.actor.getSnapshot().context.viewingFailed).toBe(true);
    // The opener retries by itself: a failure opens no second one.
    expect(h.viewings).toHaveLength(1);
    await h.send(begun());
    expect(h.actor.getSnapshot().context.viewingFailed).toBe(false);
  });

  it("tells continual authentication how long the viewing's identity check holds, by the clock", async () => {
    const h = await reach('reading, viewing opening');
    h.advance(5);
    await h.send(begun(new Date(T0 + 60_000).toISOString()));
    expect(h.verified).toEqual([55_000]);
  });

  it('completes a reading once its required seconds are spent on screen', async () => {
    const h = await reach('reading, viewing open');
    h.advance(9);
    let view = selectLessonView(h.actor.getSnapshot());
    expect(view.status === 'ready' && view.reading?.spentSeconds).toBe(9);
    expect(view.status === 'ready' && view.completed).toBe(false);
    h.advance(1);
    view = selectLessonView(h.actor.getSnapshot());
    expect(view.status === 'ready' && view.completed).toBe(true);
  });

  it('counts reading time from when the timer first counted for this item, on top of the server total', async () => {
    const h = await reach('reading, viewing open');
    expect(h.actor.getSnapshot().context.startSeconds).toBe(0);
    h.advance(3);
    await h.send({ type: 'item.show', itemId: 'r1' });
    expect(h.actor.getSnapshot().context.startSeconds).toBeNull();
  });

  it('an item done on the server, a finished attachment, or a completed course reads as complete', async () => {
    const done = startLesson('r3');
    await done.send({ type: 'test.courseLoaded' });
    expect(selectLessonView(done.actor.getSnapshot())).toMatchObject({ status: 'ready', completed: true });
    const h = await reach('attachment, finished');
    expect(selectLessonView(h.actor.getSnapshot())).toMatchObject({ status: 'ready', completed: true });
    const open = await reach('attachment, viewing open');
    expect(selectLessonView(open.actor.getSnapshot())).toMatchObject({ status: 'ready', completed: false });
    const whole = startLesson('i2', { course: { ...lessonCourse, status: 'completed' } });
    await whole.send({ type: 'test.courseLoaded' });
    expect(selectLessonView(whole.actor.getSnapshot())).toMatchObject({ status: 'ready', completed: true });
  });

  it('finishes once: the pending time with the timer, then PUT finish with the attachment id', async () => {
    const h = await reach('attachment, sending time');
    expect(h.pendingTimers).toEqual([h.timer()]);
    expect(selectFinishView(h.actor.getSnapshot())).toEqual({ sending: true, problem: null });
    await h.send({ type: 'attachment.complete' });
    await h.send({ type: 'test.timeSent' });
    await h.send({ type: 'attachment.complete' });
    expect(h.finished).toEqual(['att7']);
    await h.send({ type: 'test.finishDone' });
    await h.send({ type: 'attachment.complete' });
    expect(h.finished).toEqual(['att7']);
    expect(selectFinishView(h.actor.getSnapshot())).toBeNull();
  });

  it('says why a finish failed, and clears it when a retry succeeds', async () => {
    const h = await reach('attachment, finish failed');
    expect(selectFinishView(h.actor.getSnapshot())).toEqual({ sending: false, problem: { kind: 'refused', reason: 'Not yet' } });
    await h.send({ type: 'finish.retry' });
    await h.send({ type: 'test.timeNotSent' });
    expect(selectFinishView(h.actor.getSnapshot())).toEqual({ sending: false, problem: { kind: 'time_not_sent' } });
    await h.send({ type: 'finish.retry' });
    await h.send({ type: 'test.timeSent' });
    await h.send({ type: 'test.finishDone' });
    expect(selectFinishView(h.actor.getSnapshot())).toBeNull();
    expect(h.actor.getSnapshot().context.finishProblem).toBeNull();
  });

  it('continual authentication pauses and restarts the timer, and the video through the attachment', async () => {
    const h = await reach('attachment, viewing open');
    await h.send({ type: 'auth.timer.pause' });
    expect(h.timerView().status).toBe('paused');
    await h.send({ type: 'auth.timer.resume' });
    expect(h.timerView().status).toBe('counting');
    await h.send({ type: 'auth.video.pause' });
    await h.send({ type: 'auth.video.resume' });
    expect(h.attachmentEvents.filter((t) => t.startsWith('auth.'))).toEqual(['auth.video.pause', 'auth.video.resume']);
  });

  it('hidden tab time does not count; a shown PDF page goes to the record', async () => {
    const h = await reach('attachment, viewing open');
    await h.send({ type: 'page.hidden' });
    expect(h.timerView().status).toBe('paused');
    await h.send({ type: 'page.visible' });
    expect(h.timerView().status).toBe('counting');
    await h.send({ type: 'attachment.page', page: 2 });
    expect(h.timer().getSnapshot().context.record?.completedPage).toBe(2);
  });

  it('another item ends the record of the last (the timer goes on for the course) and opens its own viewing', async () => {
    const h = await reach('reading, viewing open');
    const courseTimer = h.timer();
    h.advance(2);
    await h.send({ type: 'item.show', itemId: 'i2' });
    expect(h.timer()).toBe(courseTimer);
    expect(h.timerView().status).toBe('stopped');
    expect(h.timer().getSnapshot().context.target).toBeNull();
    // The next item's time does not go into the last item's record.
    h.advance(3);
    expect(h.timerView().seconds).toBe(2);
    expect(h.timer().getSnapshot().context.courseId).toBe('c1');
    await h.send({ type: 'test.courseLoaded' });
    expect(h.viewings).toEqual([
      { courseId: 'c1', itemId: 'r1' },
      { courseId: 'c1', attachmentId: 'att7' },
    ]);
  });

  it('shows loading, a failed course (with its retry) and an unknown item', async () => {
    const h = startLesson('r1');
    expect(selectLessonView(h.actor.getSnapshot()).status).toBe('loading');
    await h.send({ type: 'test.courseFailed' });
    expect(selectLessonView(h.actor.getSnapshot()).status).toBe('failed');
    await h.send({ type: 'course.retry' });
    expect(selectLessonView(h.actor.getSnapshot()).status).toBe('loading');
    await h.send({ type: 'test.courseLoaded' });
    expect(selectLessonView(h.actor.getSnapshot())).toMatchObject({ status: 'ready', itemTitle: 'Why needs come first', previous: null, next: { itemId: 'i2' } });
    const lost = await reach('unknown item');
    expect(selectLessonView(lost.actor.getSnapshot()).status).toBe('not_found');
  });

  it('leaving the course reaches the timer while it still runs (its record ends and is sent)', async () => {
    const h = await reach('reading, viewing open');
    h.actor.stop();
    expect(h.leftWithTimer).toEqual(['active']);
  });
});
