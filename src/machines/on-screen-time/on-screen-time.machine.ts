import { assertEvent, assign, fromCallback, fromPromise, raise, setup, type EventObject } from 'xstate';
import type { OnScreenRecord } from '../../api/schemas/on-screen-time.schema';
import type { TrimReason } from '../../api/schemas/viewings.schema';
import { accrue, recount, shouldCount, toStoredRecord, wholeSeconds, type OpenRecord, type TimerClock, type TimerTarget } from './on-screen-time.record';

export type { TimerTarget } from './on-screen-time.record';

/** A record ends (and goes to the outbox) after this many counted seconds: a closed tab or a
 * crash can then cost at most the last tick, and the server hears of long sessions as they go. */
export const ROTATE_AFTER_SECONDS = 60;
/** Outbox retry after a failed send: doubling from the base, never longer than the cap. */
export const RETRY_BASE_MS = 1_000;
export const RETRY_MAX_MS = 60_000;
const MAX_FAILURE_STEP = 7; // 2^6 s > the cap: counting further changes nothing

/** What a flush learned: seconds the server did not credit, and records it refused (ADR 012). */
export interface OutboxReport {
  /** Seconds claimed but not credited, with why. */
  uncredited: number;
  reasons: TrimReason[];
  /** The server's own (translated) words for records it refused outright. */
  refusals: string[];
}

/** What the learner is told after a flush that lost time (null: nothing to tell). */
export type TimerNotice = OutboxReport | null;

/** GET on_screen_log/course/{id}/total, as the fetchTotal actor answers it. */
export type CourseTotal = { completed: true } | { completed: false; total: number };

export interface OnScreenTimeContext extends TimerClock {
  courseId: string | null;
  /** The server's total when the course was set up (seconds). */
  baseTotal: number;
  /** Seconds of the records ended (and queued) since setup. */
  endedSeconds: number;
  /** Failed outbox sends in a row (the retry delay doubles with each). */
  flushFailures: number;
  /** Something was queued while a flush ran: flush again when it ends. */
  flushAgain: boolean;
  /** Time the server did not credit or refused, until the next flush that loses none (ADR 012). */
  notice: TimerNotice;
}

export type OnScreenTimeEvent =
  | { type: 'course.setup'; courseId: string; now: number }
  | { type: 'retry' }
  | { type: 'timer.start'; target: TimerTarget; now: number }
  | { type: 'timer.stop'; now: number }
  /** The learner or the identity prompt (continual authentication). */
  | { type: 'timer.pause'; now: number }
  | { type: 'timer.restart'; now: number }
  | { type: 'page.hidden'; now: number }
  | { type: 'page.visible'; now: number }
  /** PDF: a page was shown. */
  | { type: 'timer.page'; page: number }
  | { type: 'clock.tick'; now: number }
  /** Before a finish: the record ends now and the next begins now (nothing lost or sent twice),
   * and the outbox is sent, so the server has the viewing's time when it judges the finish. */
  | { type: 'timer.checkpoint'; now: number }
  | { type: 'network.online' }
  // Between the two regions (raised by the machine itself).
  | { type: 'outbox.added' }
  | { type: 'outbox.flush' }
  | { type: 'outbox.drained' }
  | { type: 'outbox.failed' };

type TimedEvent = Extract<OnScreenTimeEvent, { now: number }>;
const nowOf = (event: OnScreenTimeEvent): number => (event as TimedEvent).now;

const ended = { target: null, record: null, countingSince: null } as const;

/** The record as it stands: saved whenever it has a whole second (never a zero record). */
const storable = (c: OnScreenTimeContext): OnScreenRecord | null => (c.target && c.record && wholeSeconds(c.record) > 0 ? toStoredRecord(c.target, c.record) : null);

const machineSetup = setup({
  types: {
    context: {} as OnScreenTimeContext,
    events: {} as OnScreenTimeEvent,
  },
  actors: {
    fetchTotal: fromPromise<CourseTotal, { courseId: string }>(async () => {
      throw new Error('fetchTotal must be provided (src/routes/lesson/on-screen-time.actor.ts)');
    }),
    /** Sends the queued records in order; rejects at the first one that could not be sent. */
    flushOutbox: fromPromise<OutboxReport | null>(async () => {
      throw new Error('flushOutbox must be provided (src/routes/lesson/on-screen-time.actor.ts)');
    }),
    /** Sends `clock.tick {now}` every TIMER_TICK_MS while counting or loading (tests send them by hand). */
    ticker: fromCallback<EventObject>(() => undefined),
  },
  actions: {
    /** Stores the current record (storage key onScreenDuration), replacing the one stored. */
    saveRecord: (_, _params: { record: OnScreenRecord }) => {
      throw new Error('saveRecord must be provided (src/routes/lesson/on-screen-time.actor.ts)');
    },
    /** Moves an ended record into the outbox and clears the current one; with null, whatever
     * current record is stored from before (a closed tab) moves, if its duration is > 0. */
    enqueueRecord: (_, _params: { record: OnScreenRecord | null }) => {
      throw new Error('enqueueRecord must be provided (src/routes/lesson/on-screen-time.actor.ts)');
    },
    /** A flush that lost time is told to the learner; one that lost none clears the notice. */
    noteReport: assign({
      notice: ({ event }) => {
        const report = (event as { output?: OutboxReport | null }).output;
        return report && (report.uncredited > 0 || report.refusals.length > 0) ? report : null;
      },
    }),
  },
  guards: {
    isCompleted: ({ event }) => (event as { output?: CourseTotal }).output?.completed === true,
    willCount: ({ context }) => shouldCount(context),
    hasTarget: ({ context }) => context.target !== null,
    unpausedVisible: ({ context }) => !context.paused && !context.hidden,
    isVisible: ({ context }) => !context.hidden,
    isUnpaused: ({ context }) => !context.paused,
    flushAgain: ({ context }) => context.flushAgain,
  },
  delays: {
    retryDelay: ({ context }) => Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, context.flushFailures - 1)),
  },
});

const setFlag = (flag: 'paused' | 'hidden', value: boolean) =>
  machineSetup.assign(({ context, event }) => recount({ ...accrue(context, nowOf(event)), [flag]: value }));

/** Ends the record at the event's time: queued if it holds a whole second (SPEC §5); what is
 * under a second (all of it, for a record shorter than that) carries over to the next record. */
const endRecord = machineSetup.enqueueActions(({ context, event, enqueue }) => {
  const next = accrue(context, nowOf(event));
  const record = storable(next);
  if (record) {
    enqueue({ type: 'enqueueRecord', params: { record } });
    enqueue.raise({ type: 'outbox.added' });
  }
  const carryMs = next.record ? next.record.ms - (record?.duration ?? 0) * 1000 : next.carryMs;
  enqueue.assign({ ...next, ...ended, carryMs, endedSeconds: next.endedSeconds + (record?.duration ?? 0) });
});

/** While the total loads, time is counted but nothing is stored (the course may be completed):
 * a record ended before the answer is dropped, never sent for a course that may not take it. */
const dropRecord = machineSetup.assign(({ context, event }) => ({ ...accrue(context, nowOf(event)), ...ended, carryMs: 0 }));

/** While the total loads the ticker runs too, so a long wait is measured tick by tick (a stall
 * counts nothing, see STALL_GAP_MS); nothing is stored yet. */
const accrueOnly = machineSetup.assign(({ context, event }) => accrue(context, nowOf(event)));

const beginRecord = machineSetup.assign(({ context, event }) => {
  assertEvent(event, 'timer.start');
  const record: OpenRecord = { key: context.lastNow ?? event.now, ms: context.carryMs, completedPage: null };
  return recount({ ...context, target: event.target, record, carryMs: 0 });
});

const notePage = machineSetup.assign(({ context, event }) => {
  assertEvent(event, 'timer.page');
  if (!context.record || context.target?.attachmentId === undefined || !Number.isInteger(event.page) || event.page < 0) return {};
  return { record: { ...context.record, completedPage: Math.max(context.record.completedPage ?? 0, event.page) } };
});

const setUp = machineSetup.assign(({ event }) => {
  assertEvent(event, 'course.setup');
  return { courseId: event.courseId, baseTotal: 0, endedSeconds: 0, carryMs: 0 };
});

/** A tick: the time since the last one counts (however late it is); past the checkpoint the
 * record ends and a new one begins now, carrying the part-second over. */
const tick = machineSetup.enqueueActions(({ context, event, enqueue }) => {
  const next = accrue(context, nowOf(event));
  const seconds = wholeSeconds(next.record);
  if (next.target && next.record && seconds >= ROTATE_AFTER_SECONDS) {
    enqueue({ type: 'enqueueRecord', params: { record: toStoredRecord(next.target, next.record) } });
    enqueue.raise({ type: 'outbox.added' });
    const record: OpenRecord = { key: next.lastNow ?? nowOf(event), ms: next.record.ms - seconds * 1000, completedPage: next.record.completedPage };
    enqueue.assign({ ...next, record, endedSeconds: next.endedSeconds + seconds });
    return;
  }
  enqueue.assign(next);
  const record = storable(next);
  if (record) enqueue({ type: 'saveRecord', params: { record } });
});

/** A checkpoint: like the rotation in `tick`, but whatever the record's length. A record under a
 * second goes on counting (it is never sent at zero); the outbox is sent either way. */
const checkpoint = machineSetup.enqueueActions(({ context, event, enqueue }) => {
  const next = accrue(context, nowOf(event));
  const seconds = wholeSeconds(next.record);
  if (next.target && next.record && seconds > 0) {
    enqueue({ type: 'enqueueRecord', params: { record: toStoredRecord(next.target, next.record) } });
    const record: OpenRecord = { key: next.lastNow ?? nowOf(event), ms: next.record.ms - seconds * 1000, completedPage: next.record.completedPage };
    enqueue.assign({ ...next, record, endedSeconds: next.endedSeconds + seconds });
  } else {
    enqueue.assign(next);
  }
  enqueue.raise({ type: 'outbox.flush' });
});

const saveStored = machineSetup.enqueueActions(({ context, enqueue }) => {
  const record = storable(context);
  if (record) enqueue({ type: 'saveRecord', params: { record } });
});

/**
 * SPEC §4 "On-screen time tracking", §5 (a duration is sent only if nonzero, for a course not
 * completed, with a target) and §8 ('Record exists' = sent). Time comes from the events' `now`
 * (never from counting ticks): it counts while a target is set, not paused and the page visible,
 * and not across a stall of the page (STALL_GAP_MS).
 * A record ends on stop, on a new start, at each checkpoint and at setup (one left by a closed
 * tab); ended records go to an outbox that the `outbox` region sends until the server has them.
 * Effects are placeholders provided by src/routes/lesson/on-screen-time.actor.ts.
 */
export const onScreenTimeMachine = machineSetup.createMachine({
  id: 'onScreenTime',
  type: 'parallel',
  context: {
    courseId: null,
    baseTotal: 0,
    endedSeconds: 0,
    target: null,
    record: null,
    countingSince: null,
    lastNow: null,
    paused: false,
    hidden: false,
    carryMs: 0,
    flushFailures: 0,
    flushAgain: false,
    notice: null,
  },
  states: {
    timer: {
      initial: 'idle',
      // Pause and visibility are remembered in every state; where they start or stop the count,
      // the state's own transition takes them first.
      on: {
        'timer.pause': { actions: setFlag('paused', true) },
        'timer.restart': { actions: setFlag('paused', false) },
        'page.hidden': { actions: setFlag('hidden', true) },
        'page.visible': { actions: setFlag('hidden', false) },
      },
      states: {
        idle: {
          on: { 'course.setup': { target: 'active', actions: setUp } },
        },
        active: {
          initial: 'loading',
          on: {
            'course.setup': { target: '.loading', reenter: true, actions: [dropRecord, setUp] },
            // Nothing is stored yet (or ever, once completed): only what waits is sent.
            'timer.checkpoint': { actions: raise({ type: 'outbox.flush' }) },
          },
          states: {
            loading: {
              initial: 'sendingPrevious',
              invoke: { id: 'ticker', src: 'ticker' },
              on: {
                'clock.tick': { actions: accrueOnly },
                'timer.start': { actions: [dropRecord, beginRecord] },
                'timer.stop': { actions: dropRecord },
                'timer.page': { actions: notePage },
              },
              states: {
                /** SPEC §4: the previous unsent record is sent first (a failure does not block). */
                sendingPrevious: {
                  entry: [{ type: 'enqueueRecord', params: { record: null } }, raise({ type: 'outbox.flush' })],
                  on: {
                    'outbox.drained': 'loadingTotal',
                    'outbox.failed': 'loadingTotal',
                  },
                },
                loadingTotal: {
                  invoke: {
                    id: 'fetchTotal',
                    src: 'fetchTotal',
                    input: ({ context }) => ({ courseId: context.courseId ?? '' }),
                    onDone: [
                      { guard: 'isCompleted', target: '#onScreenTime.timer.active.completed' },
                      {
                        guard: 'willCount',
                        target: '#onScreenTime.timer.active.ready.counting',
                        actions: assign({ baseTotal: ({ event }) => (event.output.completed ? 0 : event.output.total) }),
                      },
                      {
                        guard: 'hasTarget',
                        target: '#onScreenTime.timer.active.ready.halted',
                        actions: assign({ baseTotal: ({ event }) => (event.output.completed ? 0 : event.output.total) }),
                      },
                      {
                        target: '#onScreenTime.timer.active.ready.stopped',
                        actions: assign({ baseTotal: ({ event }) => (event.output.completed ? 0 : event.output.total) }),
                      },
                    ],
                    onError: 'failed',
                  },
                },
                failed: {
                  on: { retry: 'loadingTotal' },
                },
              },
            },
            /** SPEC §4: the timer never runs or records; whatever was counted while loading goes. */
            completed: {
              entry: assign({ ...ended, carryMs: 0 }),
            },
            ready: {
              initial: 'stopped',
              entry: saveStored,
              on: {
                'timer.start': [
                  { guard: 'unpausedVisible', target: '.counting', actions: [endRecord, beginRecord] },
                  { target: '.halted', actions: [endRecord, beginRecord] },
                ],
                'timer.stop': { target: '.stopped', actions: endRecord },
                'timer.page': { actions: [notePage, saveStored] },
                'timer.checkpoint': { actions: checkpoint },
                'course.setup': { target: '#onScreenTime.timer.active.loading', actions: [endRecord, setUp] },
              },
              states: {
                stopped: {},
                counting: {
                  invoke: { id: 'ticker', src: 'ticker' },
                  on: {
                    'clock.tick': { actions: tick },
                    'timer.pause': { target: 'halted', actions: [setFlag('paused', true), saveStored] },
                    'page.hidden': { target: 'halted', actions: [setFlag('hidden', true), saveStored] },
                  },
                },
                /** A target is set, but the learner paused or the page is hidden. */
                halted: {
                  on: {
                    'timer.restart': [
                      { guard: 'isVisible', target: 'counting', actions: setFlag('paused', false) },
                      { actions: setFlag('paused', false) },
                    ],
                    'page.visible': [
                      { guard: 'isUnpaused', target: 'counting', actions: setFlag('hidden', false) },
                      { actions: setFlag('hidden', false) },
                    ],
                  },
                },
              },
            },
          },
        },
      },
    },
    outbox: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'outbox.added': 'flushing',
            'outbox.flush': 'flushing',
            'network.online': 'flushing',
          },
        },
        flushing: {
          entry: assign({ flushAgain: false }),
          invoke: {
            id: 'flushOutbox',
            src: 'flushOutbox',
            onDone: [
              { guard: 'flushAgain', target: 'flushing', reenter: true, actions: 'noteReport' },
              { target: 'idle', actions: ['noteReport', assign({ flushFailures: 0 }), raise({ type: 'outbox.drained' })] },
            ],
            onError: {
              target: 'waiting',
              actions: [assign({ flushFailures: ({ context }) => Math.min(MAX_FAILURE_STEP, context.flushFailures + 1) }), raise({ type: 'outbox.failed' })],
            },
          },
          on: {
            'outbox.added': { actions: assign({ flushAgain: true }) },
            'outbox.flush': { actions: assign({ flushAgain: true }) },
            'network.online': { actions: assign({ flushAgain: true }) },
          },
        },
        /** The last send failed: try again after the backoff, or as soon as the network is back. */
        waiting: {
          after: { retryDelay: 'flushing' },
          on: {
            'outbox.flush': 'flushing',
            'network.online': 'flushing',
          },
        },
      },
    },
  },
});
