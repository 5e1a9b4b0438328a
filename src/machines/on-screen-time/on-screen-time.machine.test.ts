import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { OnScreenRecord } from '../../api/schemas/on-screen-time.schema';
import { onScreenTimeMachine, RETRY_MAX_MS, ROTATE_AFTER_SECONDS, type CourseTotal, type OnScreenTimeEvent, type OutboxReport, type TimerTarget } from './on-screen-time.machine';
import { STALL_GAP_MS } from './on-screen-time.record';
import { onScreenTimeView } from './on-screen-time.selectors';

// SPEC §4 "On-screen time tracking", §5, §8 with a simulated clock: every event carries its `now`.
const T0 = 1_767_000_000_000;
const at = (s: number) => T0 + s * 1000;
const ITEM: TimerTarget = { courseId: 'c1', itemId: 'i1', viewingId: 'v1' };
const PDF: TimerTarget = { courseId: 'c1', attachmentId: 'a1', viewingId: 'v2' };

interface Options {
  total?: CourseTotal | Error;
  /** Each flush takes the next answer (true = sent); after the list, flushes succeed. */
  flushes?: boolean[];
}

async function start({ total = { completed: false, total: 100 }, flushes = [] }: Options = {}) {
  const clock = new SimulatedClock();
  const log: string[] = [];
  const saved: OnScreenRecord[] = [];
  const queued: Array<OnScreenRecord | null> = [];
  const answers = [...flushes];
  let totals = 0;
  const actor = createActor(
    onScreenTimeMachine.provide({
      actors: {
        fetchTotal: fromPromise<CourseTotal, { courseId: string }>(async ({ input }) => {
          totals += 1;
          log.push(`fetchTotal ${input.courseId}`);
          if (total instanceof Error) throw total;
          return total;
        }),
        flushOutbox: fromPromise<OutboxReport | null>(async () => {
          const ok = answers.length ? answers.shift() : true;
          log.push(`flush ${ok ? 'ok' : 'failed'}`);
          if (!ok) throw new Error('offline');
          return null;
        }),
      },
      actions: {
        saveRecord: (_, { record }) => void saved.push(record),
        enqueueRecord: (_, { record }) => {
          queued.push(record);
          log.push(record ? `enqueue ${record.key}` : 'enqueue stored');
        },
      },
    }),
    { clock },
  ).start();
  const settle = () => new Promise<void>((r) => setTimeout(r, 0));
  const send = async (event: OnScreenTimeEvent) => {
    actor.send(event);
    await settle();
  };
  return {
    actor,
    clock,
    log,
    saved,
    queued,
    totals: () => totals,
    send,
    view: () => onScreenTimeView(actor.getSnapshot()),
    lastSaved: () => saved.at(-1),
    sentRecords: () => queued.filter((r): r is OnScreenRecord => r !== null),
    advance: async (ms: number) => {
      clock.increment(ms);
      await settle();
    },
    /** Sets up course c1 at T0 and waits for the total. */
    ready: async () => {
      await send({ type: 'course.setup', courseId: 'c1', now: T0 });
      await settle();
    },
  };
}

describe('on-screen timer: counting (SPEC §4)', () => {
  it('counts only while a target is set, not paused and visible', async () => {
    const t = await start();
    await t.ready();
    expect(t.view()).toEqual({ status: 'stopped', seconds: 100, target: null, notice: null });
    await t.send({ type: 'clock.tick', now: at(3) }); // no target: not counting
    await t.send({ type: 'timer.start', target: ITEM, now: at(5) });
    expect(t.view().status).toBe('counting');
    for (const s of [6, 7, 8]) await t.send({ type: 'clock.tick', now: at(s) });
    expect(t.lastSaved()).toEqual({ courseID: 'c1', itemID: 'i1', duration: 3, key: at(5), viewingID: 'v1' });
    await t.send({ type: 'timer.pause', now: at(9) });
    expect(t.view()).toEqual({ status: 'paused', seconds: 104, target: ITEM, notice: null });
    await t.send({ type: 'clock.tick', now: at(20) }); // a stray tick while paused counts nothing
    await t.send({ type: 'timer.restart', now: at(30) });
    await t.send({ type: 'clock.tick', now: at(32) });
    expect(t.lastSaved()?.duration).toBe(6);
    expect(t.view().seconds).toBe(106);
  });

  it('a hidden tab for 30 s then visible again adds nothing', async () => {
    const t = await start();
    await t.ready();
    await t.send({ type: 'timer.start', target: ITEM, now: at(0) });
    await t.send({ type: 'clock.tick', now: at(10) });
    await t.send({ type: 'page.hidden', now: at(10) });
    expect(t.view().status).toBe('paused');
    await t.send({ type: 'page.visible', now: at(40) });
    await t.send({ type: 'clock.tick', now: at(41) });
    expect(t.lastSaved()?.duration).toBe(11);
  });

  it('visible again does not restart a paused timer, nor restart a hidden one', async () => {
    const t = await start();
    await t.ready();
    await t.send({ type: 'timer.start', target: ITEM, now: at(0) });
    await t.send({ type: 'timer.pause', now: at(2) });
    await t.send({ type: 'page.hidden', now: at(3) });
    await t.send({ type: 'page.visible', now: at(4) });
    expect(t.view().status).toBe('paused');
    await t.send({ type: 'page.hidden', now: at(5) });
    await t.send({ type: 'timer.restart', now: at(6) });
    expect(t.view().status).toBe('paused');
    await t.send({ type: 'page.visible', now: at(10) });
    await t.send({ type: 'clock.tick', now: at(13) });
    expect(t.lastSaved()?.duration).toBe(5);
  });

  it('throttled ticks lose nothing: one tick after 10 s gives 10 s', async () => {
    const t = await start();
    await t.ready();
    await t.send({ type: 'timer.start', target: ITEM, now: at(0) });
    await t.send({ type: 'clock.tick', now: at(10) });
    expect(t.saved).toEqual([{ courseID: 'c1', itemID: 'i1', duration: 10, key: at(0), viewingID: 'v1' }]);
  });

  it('a pause between ticks keeps the time up to the pause', async () => {
    const t = await start();
    await t.ready();
    await t.send({ type: 'timer.start', target: ITEM, now: at(0) });
    await t.send({ type: 'timer.pause', now: at(7.5) });
    expect(t.lastSaved()?.duration).toBe(7);
    await t.send({ type: 'timer.restart', now: at(9) });
    await t.send({ type: 'timer.stop', now: at(9.6) });
    // 7.5 s + 0.6 s
    expect(t.sentRecords()).toEqual([{ courseID: 'c1', itemID: 'i1', duration: 8, key: at(0), viewingID: 'v1' }]);
  });

  it('a clock set back counts nothing twice', async () => {
    const t = await start();
    await t.ready();
    await t.send({ type: 'timer.start', target: ITEM, now: at(0) });
    await t.send({ type: 'clock.tick', now: at(10) });
    await t.send({ type: 'clock.tick', now: at(4) });
    await t.send({ type: 'clock.tick', now: at(10) });
    expect(t.lastSaved()?.duration).toBe(10);
    await t.send({ type: 'clock.tick', now: at(11) });
    expect(t.lastSaved()?.duration).toBe(11);
  });

  it('time counted while the total loads is kept once the course turns out open', async () => {
    let answer!: (total: CourseTotal) => void;
    const saved: OnScreenRecord[] = [];
    const actor = createActor(
      onScreenTimeMachine.provide({
        actors: {
          fetchTotal: fromPromise<CourseTotal, { courseId: string }>(() => new Promise((r) => (answer = r))),
          flushOutbox: fromPromise<OutboxReport | null>(async () => null),
        },
        actions: { saveRecord: (_, { record }) => void saved.push(record), enqueueRecord: () => undefined },
      }),
    ).start();
    actor.send({ type: 'course.setup', courseId: 'c1', now: at(0) });
    actor.send({ type: 'timer.start', target: ITEM, now: at(0) });
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'clock.tick', now: at(2) }); // counted, but nothing is stored before the answer
    expect(onScreenTimeView(actor.getSnapshot()).status).toBe('loading');
    expect(saved).toEqual([]);
    answer({ completed: false, total: 50 });
    await new Promise((r) => setTimeout(r, 0));
    expect(onScreenTimeView(actor.getSnapshot()).status).toBe('counting');
    expect(saved).toEqual([{ courseID: 'c1', itemID: 'i1', duration: 2, key: at(0), viewingID: 'v1' }]);
    actor.send({ type: 'clock.tick', now: at(4) });
    expect(saved.at(-1)).toEqual({ courseID: 'c1', itemID: 'i1', duration: 4, key: at(0), viewingID: 'v1' });
    expect(onScreenTimeView(actor.getSnapshot()).seconds).toBe(54);
  });
});

describe('on-screen timer: records (SPEC §3, §5)', () => {
  it('an item record is {courseID, itemID, duration, key}, key = when it began', async () => {
    const t = await start();
    await t.ready();
    await t.send({ type: 'timer.start', target: ITEM, now: at(2) });
    await t.send({ type: 'clock.tick', now: at(5) });
    await t.send({ type: 'timer.stop', now: at(6) });
    expect(t.sentRecords()).toEqual([{ courseID: 'c1', itemID: 'i1', duration: 4, key: at(2), viewingID: 'v1' }]);
    expect(t.view()).toEqual({ status: 'stopped', seconds: 104, target: null, notice: null });
  });

  it('an attachment record carries the furthest page reached', async () => {
    const t = await start();
    await t.ready();
    await t.send({ type: 'timer.start', target: PDF, now: at(0) });
    await t.send({ type: 'timer.page', page: 3 });
    await t.send({ type: 'timer.page', page: 1 });
    await t.send({ type: 'timer.page', page: -2 });
    await t.send({ type: 'clock.tick', now: at(2) });
    expect(t.lastSaved()).toEqual({ courseID: 'c1', attachmentID: 'a1', duration: 2, completedPage: 3, key: at(0), viewingID: 'v2' });
    // A new target ends the PDF's record and starts its own.
    await t.send({ type: 'timer.start', target: ITEM, now: at(3) });
    await t.send({ type: 'timer.page', page: 9 }); // pages belong to attachments only
    await t.send({ type: 'clock.tick', now: at(4) });
    expect(t.sentRecords()).toEqual([{ courseID: 'c1', attachmentID: 'a1', duration: 3, completedPage: 3, key: at(0), viewingID: 'v2' }]);
    expect(t.lastSaved()).toEqual({ courseID: 'c1', itemID: 'i1', duration: 1, key: at(3), viewingID: 'v1' });
  });

  it('a page turned while the timer stands is stored at once: a tab closed then still reports the furthest page', async () => {
    // SPEC §4/§5: the open record is kept in storage so that a closed tab's record is sent at the
    // next setup; the furthest page is part of it, also when no tick comes (paused, hidden).
    const t = await start();
    await t.ready();
    await t.send({ type: 'timer.start', target: PDF, now: at(0) });
    await t.send({ type: 'clock.tick', now: at(2) });
    await t.send({ type: 'timer.pause', now: at(2) });
    await t.send({ type: 'timer.page', page: 4 });
    expect(t.lastSaved()).toEqual({ courseID: 'c1', attachmentID: 'a1', duration: 2, completedPage: 4, key: at(0), viewingID: 'v2' });
  });

  it('hiding the page stores the record up to that moment: a tab closed while hidden keeps what was counted', async () => {
    const t = await start();
    await t.ready();
    await t.send({ type: 'timer.start', target: ITEM, now: at(0) });
    await t.send({ type: 'clock.tick', now: at(2) });
    await t.send({ type: 'page.hidden', now: at(3) });
    expect(t.lastSaved()).toEqual({ courseID: 'c1', itemID: 'i1', duration: 3, key: at(0), viewingID: 'v1' });
  });

  it('zero-duration records are never stored nor queued', async () => {
    const t = await start();
    await t.ready();
    await t.send({ type: 'timer.start', target: ITEM, now: at(0) });
    await t.send({ type: 'clock.tick', now: at(0.4) });
    await t.send({ type: 'timer.stop', now: at(0.45) });
    await t.send({ type: 'timer.start', target: PDF, now: at(1) });
    await t.send({ type: 'timer.page', page: 4 });
    await t.send({ type: 'timer.start', target: ITEM, now: at(1.3) });
    await t.send({ type: 'page.hidden', now: at(1.4) });
    // 0.45 + 0.3 + 0.1 s in all: under a second.
    await t.send({ type: 'timer.stop', now: at(30) });
    expect(t.saved).toEqual([]);
    expect(t.sentRecords()).toEqual([]);
    expect(t.log.filter((l) => l.startsWith('flush'))).toEqual(['flush ok']); // setup's only
  });

  it('a completed course never records, and start is ignored', async () => {
    const t = await start({ total: { completed: true } });
    await t.send({ type: 'course.setup', courseId: 'c1', now: T0 });
    await t.send({ type: 'timer.start', target: ITEM, now: at(0) }); // while loading
    await new Promise((r) => setTimeout(r, 0));
    expect(t.view()).toEqual({ status: 'completed', seconds: 0, target: null, notice: null });
    await t.send({ type: 'timer.start', target: ITEM, now: at(1) });
    await t.send({ type: 'clock.tick', now: at(10) });
    await t.send({ type: 'timer.page', page: 2 });
    await t.send({ type: 'timer.stop', now: at(20) });
    expect(t.view().status).toBe('completed');
    expect(t.saved).toEqual([]);
    expect(t.queued).toEqual([null]); // only setup's move of an older stored record
  });

  it('the part-second of an ended record starts the next one: the course loses no fraction at a change of item', async () => {
    const t = await start();
    await t.ready();
    await t.send({ type: 'timer.start', target: ITEM, now: at(0) });
    await t.send({ type: 'timer.stop', now: at(2.6) });
    await t.send({ type: 'timer.start', target: PDF, now: at(3) });
    await t.send({ type: 'clock.tick', now: at(4.5) });
    expect(t.lastSaved()).toEqual({ courseID: 'c1', attachmentID: 'a1', duration: 2, completedPage: 0, key: at(3), viewingID: 'v2' });
    await t.send({ type: 'timer.stop', now: at(5.5) });
    // 2.6 s + 2.5 s on screen: 5 whole seconds sent, the 0.1 s left is under a second.
    expect(t.sentRecords().map((r) => r.duration)).toEqual([2, 3]);
    expect(t.view().seconds).toBe(105);
  });

  it('a stall of the page (a device asleep with the item shown) counts nothing', async () => {
    const t = await start();
    await t.ready();
    await t.send({ type: 'timer.start', target: ITEM, now: at(0) });
    for (const s of [1, 2, 3]) await t.send({ type: 'clock.tick', now: at(s) });
    await t.send({ type: 'clock.tick', now: at(3 + STALL_GAP_MS / 1000) }); // late, but not a stall
    expect(t.lastSaved()?.duration).toBe(3 + STALL_GAP_MS / 1000);
    await t.send({ type: 'clock.tick', now: at(3600) }); // the lid was closed for an hour
    expect(t.lastSaved()?.duration).toBe(3 + STALL_GAP_MS / 1000);
    await t.send({ type: 'clock.tick', now: at(3601) });
    await t.send({ type: 'timer.stop', now: at(3601.5) });
    expect(t.sentRecords().map((r) => r.duration)).toEqual([4 + STALL_GAP_MS / 1000]);
  });

  it(`ends the record at a checkpoint every ${ROTATE_AFTER_SECONDS} counted seconds, carrying the part-second`, async () => {
    const t = await start();
    await t.ready();
    await t.send({ type: 'timer.start', target: ITEM, now: at(0) });
    for (let s = 1; s <= 59; s += 1) await t.send({ type: 'clock.tick', now: at(s) });
    expect(t.sentRecords()).toEqual([]);
    await t.send({ type: 'clock.tick', now: at(60.4) });
    expect(t.sentRecords()).toEqual([{ courseID: 'c1', itemID: 'i1', duration: 60, key: at(0), viewingID: 'v1' }]);
    await t.send({ type: 'clock.tick', now: at(61) });
    // The new record began at the checkpoint and holds 0.4 + 0.6 s.
    expect(t.lastSaved()).toEqual({ courseID: 'c1', itemID: 'i1', duration: 1, key: at(60.4), viewingID: 'v1' });
    await t.send({ type: 'page.hidden', now: at(70) });
    await t.send({ type: 'page.visible', now: at(500) });
    for (let s = 510; s <= 600; s += 10) await t.send({ type: 'clock.tick', now: at(s) }); // late ticks
    expect(t.sentRecords().map((r) => [r.duration, r.key])).toEqual([
      [60, at(0)],
      [60, at(60.4)],
    ]);
    await t.send({ type: 'timer.stop', now: at(600.5) });
    expect(t.sentRecords().at(-1)).toEqual({ courseID: 'c1', itemID: 'i1', duration: 50, key: at(550), viewingID: 'v1' });
    // Nothing lost, nothing twice: 70 s before hiding + 100 s after (the 0.5 s left is under a second).
    expect(t.sentRecords().reduce((sum, r) => sum + r.duration, 0)).toBe(170);
    expect(t.view().seconds).toBe(270);
  });
});

describe('on-screen timer: a checkpoint before a finish (issue 11 §2)', () => {
  it('ends the record at that moment, begins the next there and flushes: nothing lost or sent twice', async () => {
    const PLAYER: TimerTarget = { courseId: 'c1', attachmentId: 'v1', viewingId: 'v9' };
    const t = await start();
    await t.ready();
    await t.send({ type: 'timer.start', target: PLAYER, now: at(0) });
    for (let s = 1; s <= 12; s += 1) await t.send({ type: 'clock.tick', now: at(s) });
    t.log.length = 0;
    // The video ended 12.3 s in: its time must reach the server before the finish is asked for.
    await t.send({ type: 'timer.checkpoint', now: at(12.3) });
    expect(t.sentRecords()).toEqual([{ courseID: 'c1', attachmentID: 'v1', duration: 12, completedPage: 0, key: at(0), viewingID: 'v9' }]);
    expect(t.log).toEqual([`enqueue ${at(0)}`, 'flush ok']);
    expect(t.actor.getSnapshot().matches({ outbox: 'idle' })).toBe(true);
    // Still counting, into a new record that began at the checkpoint (with the 0.3 s left over).
    expect(t.view()).toMatchObject({ status: 'counting', seconds: 112 });
    await t.send({ type: 'clock.tick', now: at(13) });
    expect(t.lastSaved()).toEqual({ courseID: 'c1', attachmentID: 'v1', duration: 1, completedPage: 0, key: at(12.3), viewingID: 'v9' });
    await t.send({ type: 'timer.stop', now: at(20) });
    expect(t.sentRecords().map((r) => [r.duration, r.key])).toEqual([
      [12, at(0)],
      [8, at(12.3)],
    ]);
    expect(t.view().seconds).toBe(120);
  });

  it('a record under a second goes on counting; the outbox is sent all the same, also while paused or failing', async () => {
    const t = await start({ flushes: [true, false] });
    await t.ready();
    await t.send({ type: 'timer.start', target: ITEM, now: at(0) });
    t.log.length = 0;
    await t.send({ type: 'timer.checkpoint', now: at(0.5) });
    expect(t.sentRecords()).toEqual([]);
    expect(t.log).toEqual(['flush failed']);
    expect(t.actor.getSnapshot().matches({ outbox: 'waiting' })).toBe(true);
    await t.send({ type: 'timer.pause', now: at(3) });
    // A checkpoint does not wait for the backoff: it sends the paused record at once.
    await t.send({ type: 'timer.checkpoint', now: at(4) });
    expect(t.sentRecords()).toEqual([{ courseID: 'c1', itemID: 'i1', duration: 3, key: at(0), viewingID: 'v1' }]);
    expect(t.log).toEqual(['flush failed', `enqueue ${at(0)}`, 'flush ok']);
    expect(t.view()).toMatchObject({ status: 'paused', seconds: 103 });
  });

});

describe('on-screen timer: setup and outbox (SPEC §4, §8)', () => {
  it('setup moves the stored record, flushes it, then loads the total', async () => {
    const t = await start();
    await t.ready();
    expect(t.log).toEqual(['enqueue stored', 'flush ok', 'fetchTotal c1']);
  });

  it('a failed first flush does not block the learner; the outbox keeps retrying', async () => {
    const t = await start({ flushes: [false, false] });
    await t.ready();
    expect(t.log).toEqual(['enqueue stored', 'flush failed', 'fetchTotal c1']);
    expect(t.view().status).toBe('stopped');
    await t.advance(999);
    expect(t.log.filter((l) => l.startsWith('flush'))).toHaveLength(1);
    await t.advance(1);
    expect(t.log.filter((l) => l.startsWith('flush'))).toHaveLength(2);
    await t.advance(2_000);
    expect(t.log.filter((l) => l.startsWith('flush'))).toEqual(['flush failed', 'flush failed', 'flush ok']);
  });

  it('backs off exponentially up to a minute, and sends at once when the network is back', async () => {
    const t = await start({ flushes: Array<boolean>(12).fill(false) });
    await t.ready();
    const flushes = () => t.log.filter((l) => l.startsWith('flush')).length;
    const gaps: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      const before = flushes();
      let waited = 0;
      while (flushes() === before) {
        await t.advance(500);
        waited += 500;
      }
      gaps.push(waited);
    }
    expect(gaps).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, RETRY_MAX_MS, RETRY_MAX_MS, RETRY_MAX_MS]);
    const before = flushes();
    await t.send({ type: 'network.online' });
    expect(flushes()).toBe(before + 1);
  });

  it('after a send succeeds, the next failure backs off from the start again (1 s), not from where the last failures left it', async () => {
    const t = await start({ flushes: [false, false, false, true, false] });
    await t.ready();
    const flushes = () => t.log.filter((l) => l.startsWith('flush'));
    // Failed, then 1 s and 2 s later failed again, 4 s later sent.
    await t.advance(1_000);
    await t.advance(2_000);
    await t.advance(4_000);
    expect(flushes()).toEqual(['flush failed', 'flush failed', 'flush failed', 'flush ok']);
    // A record ends: its send fails; the retry comes 1 s later.
    await t.send({ type: 'timer.start', target: ITEM, now: at(0) });
    await t.send({ type: 'timer.stop', now: at(2) });
    expect(flushes()).toHaveLength(5);
    await t.advance(999);
    expect(flushes()).toHaveLength(5);
    await t.advance(1);
    expect(flushes()).toEqual(['flush failed', 'flush failed', 'flush failed', 'flush ok', 'flush failed', 'flush ok']);
  });

  it('an ended record is flushed at once; one ended during a flush gets a flush of its own', async () => {
    let release!: () => void;
    let calls = 0;
    const actor = createActor(
      onScreenTimeMachine.provide({
        actors: {
          fetchTotal: fromPromise<CourseTotal, { courseId: string }>(async () => ({ completed: false, total: 0 })),
          flushOutbox: fromPromise<OutboxReport | null>(() => {
            calls += 1;
            return calls === 2 ? new Promise<null>((r) => (release = () => r(null))) : Promise.resolve(null);
          }),
        },
        actions: { saveRecord: () => undefined, enqueueRecord: () => undefined },
      }),
    ).start();
    const settle = () => new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'course.setup', courseId: 'c1', now: at(0) });
    await settle();
    actor.send({ type: 'timer.start', target: ITEM, now: at(0) });
    actor.send({ type: 'timer.start', target: PDF, now: at(5) }); // ends the item's record: flush #2 starts
    await settle();
    expect(calls).toBe(2);
    actor.send({ type: 'timer.stop', now: at(9) }); // ends the PDF's record while #2 runs
    await settle();
    expect(calls).toBe(2);
    release();
    await settle();
    expect(calls).toBe(3);
    expect(actor.getSnapshot().value).toEqual({ timer: { active: { ready: 'stopped' } }, outbox: 'idle' });
  });

  it('a failed total shows an error until retried', async () => {
    const t = await start({ total: new Error('500') });
    await t.ready();
    expect(t.view().status).toBe('error');
    await t.send({ type: 'retry' });
    expect(t.totals()).toBe(2);
  });

  it('a new setup ends the running record and starts over for the new course', async () => {
    const t = await start();
    await t.ready();
    await t.send({ type: 'timer.start', target: ITEM, now: at(0) });
    await t.send({ type: 'clock.tick', now: at(3) });
    await t.send({ type: 'course.setup', courseId: 'c2', now: at(4) });
    await new Promise((r) => setTimeout(r, 0));
    expect(t.sentRecords()).toEqual([{ courseID: 'c1', itemID: 'i1', duration: 4, key: at(0), viewingID: 'v1' }]);
    // The ended record's flush was running when setup queued its own: the total waits for that one.
    expect(t.log.slice(-5)).toEqual([`enqueue ${at(0)}`, 'enqueue stored', 'flush ok', 'flush ok', 'fetchTotal c2']);
    expect(t.view()).toEqual({ status: 'stopped', seconds: 100, target: null, notice: null });
  });

  it('a new setup while the total still loads drops what was counted for the first course and loads the new one', async () => {
    // SPEC §4: a record ends at setup; ADR 010: nothing is stored before the total says the course
    // is open, so what the first course counted while loading goes. The new course counts nothing
    // until one of its items starts.
    const asked: string[] = [];
    const answers: Array<(total: CourseTotal) => void> = [];
    const saved: OnScreenRecord[] = [];
    const queued: Array<OnScreenRecord | null> = [];
    const actor = createActor(
      onScreenTimeMachine.provide({
        actors: {
          fetchTotal: fromPromise<CourseTotal, { courseId: string }>(({ input }) => {
            asked.push(input.courseId);
            return new Promise((r) => answers.push(r));
          }),
          flushOutbox: fromPromise<OutboxReport | null>(async () => null),
        },
        actions: { saveRecord: (_, { record }) => void saved.push(record), enqueueRecord: (_, { record }) => void queued.push(record) },
      }),
    ).start();
    const settle = () => new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'course.setup', courseId: 'c1', now: at(0) });
    actor.send({ type: 'timer.start', target: ITEM, now: at(0) });
    await settle();
    actor.send({ type: 'clock.tick', now: at(2) });
    expect(asked).toEqual(['c1']);
    actor.send({ type: 'course.setup', courseId: 'c2', now: at(3) });
    await settle();
    // The new course's total, not the first one's again.
    expect(asked).toEqual(['c1', 'c2']);
    answers.at(-1)!({ completed: false, total: 50 });
    await settle();
    expect(onScreenTimeView(actor.getSnapshot())).toEqual({ status: 'stopped', seconds: 50, target: null, notice: null });
    actor.send({ type: 'clock.tick', now: at(9) });
    actor.send({ type: 'timer.stop', now: at(10) });
    await settle();
    // Only the stored records were moved (twice, one per setup); nothing of c1 was stored or sent.
    expect(queued).toEqual([null, null]);
    expect(saved).toEqual([]);
  });
});

describe('on-screen timer: what the server did not credit (ADR 012)', () => {
  it('a flush that lost time tells the learner; the next one that loses none clears it', async () => {
    const reports: Array<OutboxReport | null> = [{ uncredited: 0, reasons: [], refusals: [] }, { uncredited: 7, reasons: ['identity'], refusals: [] }, null];
    const actor = createActor(
      onScreenTimeMachine.provide({
        actors: {
          fetchTotal: fromPromise<CourseTotal, { courseId: string }>(async () => ({ completed: false, total: 0 })),
          flushOutbox: fromPromise<OutboxReport | null>(async () => reports.shift() ?? null),
        },
        actions: { saveRecord: () => undefined, enqueueRecord: () => undefined },
      }),
    ).start();
    const settle = () => new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'course.setup', courseId: 'c1', now: at(0) });
    await settle();
    expect(onScreenTimeView(actor.getSnapshot()).notice).toBeNull();
    actor.send({ type: 'timer.start', target: ITEM, now: at(0) });
    actor.send({ type: 'clock.tick', now: at(1) });
    actor.send({ type: 'timer.stop', now: at(2) });
    await settle();
    expect(onScreenTimeView(actor.getSnapshot()).notice).toEqual({ uncredited: 7, reasons: ['identity'], refusals: [] });
    actor.send({ type: 'timer.start', target: ITEM, now: at(3) });
    actor.send({ type: 'clock.tick', now: at(4) });
    actor.send({ type: 'timer.stop', now: at(5) });
    await settle();
    expect(onScreenTimeView(actor.getSnapshot()).notice).toBeNull();
    actor.stop();
  });

  it('a flush that lost time tells the learner at once, also when another send follows it', async () => {
    // A record ends while a send runs: that send's report is shown when it answers, not only after the next.
    const lost: OutboxReport = { uncredited: 4, reasons: ['viewing'], refusals: [] };
    const answers: Array<(report: OutboxReport | null) => void> = [];
    const actor = createActor(
      onScreenTimeMachine.provide({
        actors: {
          fetchTotal: fromPromise<CourseTotal, { courseId: string }>(async () => ({ completed: false, total: 0 })),
          flushOutbox: fromPromise<OutboxReport | null>(() => new Promise((r) => answers.push(r))),
        },
        actions: { saveRecord: () => undefined, enqueueRecord: () => undefined },
      }),
    ).start();
    const settle = () => new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'course.setup', courseId: 'c1', now: at(0) });
    await settle();
    answers.shift()!(null); // the stored record of before
    await settle();
    actor.send({ type: 'timer.start', target: ITEM, now: at(0) });
    actor.send({ type: 'timer.stop', now: at(2) }); // a send begins
    actor.send({ type: 'timer.start', target: ITEM, now: at(2) });
    actor.send({ type: 'timer.stop', now: at(4) }); // ends during it: another send follows
    await settle();
    expect(answers).toHaveLength(1);
    answers.shift()!(lost);
    await settle();
    expect(answers).toHaveLength(1); // the second send runs
    expect(onScreenTimeView(actor.getSnapshot()).notice).toEqual(lost);
    actor.stop();
  });
});
