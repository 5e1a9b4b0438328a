import { describe, expect, it } from 'vitest';
import { getInitialSnapshot, getNextSnapshot, type AnyMachineSnapshot, type EventObject } from 'xstate';
import type { OnScreenRecord } from '../../api/schemas/on-screen-time.schema';
import { getShortestPaths } from 'xstate/graph';
import { allTransitions, replayPath, replayRuns, stateName, type ModelPath, type Oracle, type OracleEvent, type OracleRow } from '../testing/model-coverage';
import { onScreenTimeMachine, RETRY_BASE_MS, RETRY_MAX_MS, ROTATE_AFTER_SECONDS, type OnScreenTimeContext, type OnScreenTimeEvent } from './on-screen-time.machine';
import { STALL_GAP_MS, wholeSeconds } from './on-screen-time.record';
import { onScreenTimeView, type OnScreenTimeSnapshot } from './on-screen-time.selectors';

type ModelEvent = EventObject & Record<string, unknown>;

const T0 = 1_767_000_000_000;
const at = (s: number) => T0 + s * 1000;
const AFTER = 'xstate.after.retryDelay.onScreenTime.outbox.waiting';

let effects: Array<{ type: 'save' | 'enqueue'; record: OnScreenRecord | null }> = [];
const machine = onScreenTimeMachine.provide({
  actions: {
    saveRecord: (_, { record }) => void effects.push({ type: 'save', record }),
    enqueueRecord: (_, { record }) => void effects.push({ type: 'enqueue', record }),
  },
});

const actorIds = ['fetchTotal', 'flushOutbox'];
const setupEvent: ModelEvent = { type: 'course.setup', courseId: 'c1', now: at(0) };
const startItem: ModelEvent = { type: 'timer.start', target: { courseId: 'c1', itemId: 'i1' }, now: at(0) };
const stop: ModelEvent = { type: 'timer.stop', now: at(5) };
const opened: ModelEvent = { type: 'xstate.done.actor.fetchTotal', output: { completed: false, total: 40 } };
const sent: ModelEvent = { type: 'xstate.done.actor.flushOutbox' };
// Two models, so the two regions' states do not multiply: the timer's (sends always succeed) and
// the outbox's. Times only move forward through these (the machine's clock never goes back);
// 70 s is past the checkpoint.
const timerEvents: ModelEvent[] = [
  setupEvent,
  startItem,
  { type: 'timer.start', target: { courseId: 'c1', attachmentId: 'a1' }, now: at(2) },
  { type: 'timer.page', page: 2 },
  { type: 'clock.tick', now: at(3) },
  { type: 'clock.tick', now: at(70) },
  { type: 'timer.pause', now: at(3) },
  { type: 'timer.restart', now: at(4) },
  { type: 'page.hidden', now: at(3) },
  { type: 'page.visible', now: at(4) },
  { type: 'timer.checkpoint', now: at(4) },
  stop,
  { type: 'retry' },
  opened,
  { type: 'xstate.done.actor.fetchTotal', output: { completed: true } },
  { type: 'xstate.error.actor.fetchTotal', error: new Error('500') },
  sent,
];
const outboxEvents: ModelEvent[] = [
  setupEvent,
  startItem,
  { type: 'clock.tick', now: at(70) },
  { type: 'timer.checkpoint', now: at(71) },
  stop,
  opened,
  sent,
  { type: 'xstate.error.actor.flushOutbox', error: new Error('offline') },
  { type: 'network.online' },
  { type: AFTER },
];

/** States that differ only in times and counts are one node of the model: what decides the
 * machine's next transition is the state, the target's kind, the flags and the outbox's. */
function modelKey(snapshot: AnyMachineSnapshot): string {
  const c = snapshot.context as OnScreenTimeContext;
  const target = c.target?.attachmentId !== undefined ? 'attachment' : c.target ? 'item' : null;
  return JSON.stringify([snapshot.value, target, c.paused, c.hidden, c.flushAgain, Math.min(c.flushFailures, 2), c.lastNow === null]);
}

/** Replays events through the pure machine: the model's own states for a path (the traversal
 * keeps one snapshot per node, whose times may differ from where this path gets). */
function realPath(events: ModelEvent[]): ModelPath {
  let state = getInitialSnapshot(machine) as AnyMachineSnapshot;
  const steps = events.map((event) => {
    state = getNextSnapshot(machine, state, event as OnScreenTimeEvent) as AnyMachineSnapshot;
    return { event, state };
  });
  return { state, steps, weight: steps.length };
}

/** One path to every node of the model, and one per edge: that path, then the edge. */
function abstractPaths(events: ModelEvent[]): ModelPath[] {
  const options = { events: (s: AnyMachineSnapshot) => events.filter((e) => s.can(e)), serializeState: modelKey };
  const shortest = (getShortestPaths(machine, options as never) as ModelPath[]).map((p) => realPath(p.steps.map((s) => s.event as ModelEvent)));
  const edges = shortest.flatMap((prefix) =>
    events.filter((e) => prefix.state.can(e)).map((event) => realPath([...prefix.steps.map((s) => s.event as ModelEvent), event])),
  );
  return [...shortest, ...edges];
}
const runs = { timer: abstractPaths(timerEvents), outbox: abstractPaths(outboxEvents) };

const retryDelay = (c: OnScreenTimeContext) => Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, c.flushFailures - 1));

/** The shared harness, on a simulated clock (the outbox retry waits on it), keeping the
 * transitions of every microstep (the regions talk through raised events). */
const replayOptions = { actorIds, delays: { [AFTER]: (s: AnyMachineSnapshot) => retryDelay(s.context as OnScreenTimeContext) } };
const replay = (path: ModelPath) => {
  effects = [];
  return replayPath(machine, path, replayOptions);
};

/** The laws of every step: time counted once, never while not counting, never sent at zero. */
function checker() {
  let flushes = 0;
  let totals = 0;
  let queuedSeconds = 0;
  return (live: AnyMachineSnapshot, before: AnyMachineSnapshot, event: ModelEvent, calls: (id: string) => unknown[]) => {
    const snap = live as OnScreenTimeSnapshot;
    const ctx = snap.context;
    const view = onScreenTimeView(snap);
    const done = effects.splice(0);
    const counting = snap.matches({ timer: { active: { ready: 'counting' } } });
    expect(view.status === 'counting').toBe(counting);
    // The ticker runs exactly while counting, and while the total loads (a long wait is measured).
    const loading = snap.matches({ timer: { active: 'loading' } });
    expect(Object.keys(snap.children).includes('ticker')).toBe(counting || loading);
    // Counting means a target, not paused, visible, and a running stretch (also while loading).
    expect(ctx.countingSince !== null).toBe(ctx.record !== null && !ctx.paused && !ctx.hidden);
    expect(ctx.record !== null).toBe(ctx.target !== null);
    // Once the total is known, the state says it: counting exactly when time counts.
    if (snap.matches({ timer: { active: 'ready' } })) expect(counting).toBe(ctx.countingSince !== null);
    const stores = done.filter((e) => e.record !== null);
    const active = snap.matches({ timer: { active: 'ready' } }) || (before as OnScreenTimeSnapshot).matches({ timer: { active: 'ready' } });
    // Nothing is stored or sent but from the ready timer; never a zero record.
    if (!active) expect(stores).toEqual([]);
    for (const e of stores) expect(e.record!.duration).toBeGreaterThan(0);
    for (const e of done.filter((x) => x.type === 'save')) expect(e.record).toEqual(expect.objectContaining({ duration: wholeSeconds(ctx.record), key: ctx.record?.key }));
    queuedSeconds += stores.filter((e) => e.type === 'enqueue').reduce((sum, e) => sum + e.record!.duration, 0);
    if (event.type === 'course.setup') queuedSeconds = 0;
    expect(ctx.endedSeconds).toBe(queuedSeconds);
    // Never more than the wall time: the model's clock starts at T0 (the first start).
    const counted = ctx.endedSeconds + wholeSeconds(ctx.record);
    expect(counted * 1000).toBeLessThanOrEqual((ctx.lastNow ?? T0) - T0);
    if (view.status === 'counting' || view.status === 'paused' || view.status === 'stopped') expect(view.seconds).toBe(40 + counted);
    if (snap.matches({ timer: { active: 'completed' } })) expect([ctx.target, ctx.record]).toEqual([null, null]);
    // A checkpoint (before a finish) always sends the outbox: the finish waits for it to drain.
    if (event.type === 'timer.checkpoint' && !snap.matches({ timer: 'idle' })) expect(snap.matches({ outbox: 'flushing' })).toBe(true);
    // Setup moves whatever is stored from before, first.
    if (event.type === 'course.setup') expect(done.some((e) => e.type === 'enqueue' && e.record === null)).toBe(true);
    // One send per entry into flushing, one total per entry into loadingTotal.
    const flushing = snap.matches({ outbox: 'flushing' });
    const wasFlushing = (before as OnScreenTimeSnapshot).matches({ outbox: 'flushing' });
    if (flushing && (!wasFlushing || event.type === 'xstate.done.actor.flushOutbox')) flushes += 1;
    expect(calls('flushOutbox')).toHaveLength(flushes);
    if (snap.matches({ timer: { active: { loading: 'loadingTotal' } } }) && !(before as OnScreenTimeSnapshot).matches({ timer: { active: { loading: 'loadingTotal' } } })) totals += 1;
    expect(calls('fetchTotal')).toHaveLength(totals);
    for (const input of calls('fetchTotal')) expect(input).toEqual({ courseId: 'c1' });
  };
}

// The oracle, from SPEC §4 "On-screen time tracking" and §5 (not read off the machine), one table per
// region. The timer: idle until a course is set up; then the unsent record of before is sent, the
// course's total loaded (a completed course never counts), and the timer counts while a target is
// set, not paused and the page visible. Pause and visibility are remembered in every state.
// The outbox: sends whatever is queued, again when more came meanwhile, and after a failure waits
// (backoff) or sends as soon as the network is back.
type Snap = OnScreenTimeSnapshot;
const remembered: OracleRow<Snap> = {};
const flagsIn = (state: string): OracleRow<Snap> => ({ 'timer.pause': state, 'timer.restart': state, 'page.hidden': state, 'page.visible': state });
const setupAgain = { 'course.setup': 'active.loading.sendingPrevious' };
const whileLoading = (state: string): OracleRow<Snap> => ({
  ...flagsIn(state),
  ...setupAgain,
  'timer.checkpoint': state,
  // Counted but not stored yet: the course may be completed.
  'clock.tick': state,
  'timer.start': state,
  'timer.stop': state,
  'timer.page': state,
});
const counts = (c: OnScreenTimeContext, paused = c.paused, hidden = c.hidden) => !paused && !hidden;
const whileReady = (state: string): OracleRow<Snap> => ({
  ...flagsIn(state),
  ...setupAgain,
  'timer.checkpoint': state,
  'timer.page': state,
  'timer.start': (_e, s) => (counts(s.context) ? 'active.ready.counting' : 'active.ready.halted'),
  'timer.stop': 'active.ready.stopped',
});
const timerTable: Record<string, OracleRow<Snap>> = {
  idle: { ...flagsIn('idle'), 'course.setup': 'active.loading.sendingPrevious', ...remembered },
  // The previous record's send ends (drained, or failed: a failure does not block) before the total.
  'active.loading.sendingPrevious': {
    ...whileLoading('active.loading.sendingPrevious'),
    'xstate.done.actor.flushOutbox': (_e, s) => (s.context.flushAgain ? 'active.loading.sendingPrevious' : 'active.loading.loadingTotal'),
    'xstate.error.actor.flushOutbox': 'active.loading.loadingTotal',
  },
  'active.loading.loadingTotal': {
    ...whileLoading('active.loading.loadingTotal'),
    'xstate.done.actor.fetchTotal': (e, s) => {
      if ((e.output as { completed: boolean }).completed) return 'active.completed';
      if (s.context.target === null) return 'active.ready.stopped';
      return counts(s.context) ? 'active.ready.counting' : 'active.ready.halted';
    },
    'xstate.error.actor.fetchTotal': 'active.loading.failed',
  },
  'active.loading.failed': { ...whileLoading('active.loading.failed'), retry: 'active.loading.loadingTotal' },
  // SPEC §4: a completed course's timer never runs nor records.
  'active.completed': { ...flagsIn('active.completed'), ...setupAgain, 'timer.checkpoint': 'active.completed' },
  'active.ready.stopped': whileReady('active.ready.stopped'),
  'active.ready.counting': {
    ...whileReady('active.ready.counting'),
    'clock.tick': 'active.ready.counting',
    'timer.pause': 'active.ready.halted',
    'page.hidden': 'active.ready.halted',
  },
  'active.ready.halted': {
    ...whileReady('active.ready.halted'),
    'timer.restart': (_e, s) => (counts(s.context, false) ? 'active.ready.counting' : 'active.ready.halted'),
    'page.visible': (_e, s) => (counts(s.context, s.context.paused, false) ? 'active.ready.counting' : 'active.ready.halted'),
  },
};

/** Whole seconds the open record holds at `now` (SPEC §4: counted while counting; a stall of the
 * page counts nothing; the clock never goes back). */
function secondsAt(c: OnScreenTimeContext, now: number): number {
  if (!c.record) return 0;
  const at = Math.max(now, c.lastNow ?? now);
  const gap = c.countingSince === null ? 0 : Math.max(0, at - c.countingSince);
  return Math.floor((c.record.ms + (gap > STALL_GAP_MS ? 0 : gap)) / 1000);
}
const isReady = (s: Snap) => s.matches({ timer: { active: 'ready' } });
/** The outbox hears of a record that ends with a whole second (SPEC §5: never a zero duration). */
const added = (state: 'idle' | 'flushing' | 'waiting') => (e: OracleEvent, s: Snap): string | null => {
  const now = e.now as number;
  const ends =
    isReady(s) &&
    ((['timer.start', 'timer.stop', 'course.setup'].includes(e.type) && secondsAt(s.context, now) > 0) ||
      (e.type === 'clock.tick' && s.matches({ timer: { active: { ready: 'counting' } } }) && secondsAt(s.context, now) >= ROTATE_AFTER_SECONDS));
  if (!ends) return null;
  return state === 'waiting' ? null : 'flushing';
};
/** A setup (the previous record) and a checkpoint (before a finish) send the outbox now. */
const flushNow = (e: OracleEvent, s: Snap) => (e.type === 'course.setup' || !s.matches({ timer: 'idle' }) ? 'flushing' : null);
const outboxTable = (state: 'idle' | 'flushing' | 'waiting'): OracleRow<Snap> => ({
  'course.setup': flushNow,
  'timer.checkpoint': flushNow,
  'timer.start': added(state),
  'timer.stop': added(state),
  'clock.tick': added(state),
  'network.online': 'flushing',
});
const outboxOracle: Record<string, OracleRow<Snap>> = {
  idle: outboxTable('idle'),
  flushing: {
    ...outboxTable('flushing'),
    'xstate.done.actor.flushOutbox': 'flushing',
    'xstate.error.actor.flushOutbox': 'waiting',
  },
  waiting: { ...outboxTable('waiting'), [AFTER]: 'flushing' },
};
// In flushing a done send ends in idle unless more came meanwhile.
outboxOracle.flushing['xstate.done.actor.flushOutbox'] = (_e, s) => (s.context.flushAgain ? 'flushing' : 'idle');

const oracle: Oracle<Snap> = {
  regions: {
    timer: { state: (s) => stateName((s.value as { timer: unknown }).timer), table: timerTable },
    outbox: { state: (s) => stateName((s.value as { outbox: unknown }).outbox), table: outboxOracle },
  },
  // What the timer's view offers: Retry when the total could not be loaded.
  offers: (s) => ({ retry: onScreenTimeView(s).status === 'error' }),
};
const oracleEvents = [...timerEvents, ...outboxEvents.filter((e) => !timerEvents.includes(e))];

describe('on-screen-time machine, model-based', () => {
  it('has finite models of reasonable size', () => {
    for (const paths of Object.values(runs)) {
      expect(paths.length).toBeGreaterThan(100);
      expect(paths.length).toBeLessThan(3_000);
    }
  });

  it(`replays ${runs.timer.length + runs.outbox.length} generated paths of the two models against the spec tables and with the laws of each step; every state and transition is covered`, async () => {
    let check = checker();
    const result = await replayRuns(machine, [{ paths: runs.timer }, { paths: runs.outbox }], {
      ...replayOptions,
      oracle: oracle as Oracle,
      events: oracleEvents,
      onPathStart: () => {
        effects = [];
        check = checker();
      },
      check: (live, step, calls) => check(live, step.before, step.event, calls),
    });
    expect(result.uncovered).toEqual({ states: [], transitions: [] });
  }, 300_000);

  it('would notice a transition no path takes', async () => {
    const seen = new Set<string>();
    for (const path of abstractPaths(outboxEvents.filter((e) => e.type !== 'network.online'))) (await replay(path)).taken.forEach((t) => seen.add(t));
    const missing = [...allTransitions(machine)].filter((t) => !seen.has(t) && t.startsWith('onScreenTime.outbox'));
    expect(missing).toEqual(['onScreenTime.outbox.idle --network.online[0]--> onScreenTime.outbox.flushing', expect.stringContaining('flushing --network.online'), expect.stringContaining('waiting --network.online')]);
  }, 60_000);
});
