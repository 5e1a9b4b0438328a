import { describe, expect, it } from 'vitest';
import { getInitialSnapshot, getNextSnapshot, type AnyMachineSnapshot, type EventObject } from 'xstate';
import type { OnScreenRecord } from '../../api/schemas/on-screen-time.schema';
import { getShortestPaths } from 'xstate/graph';
import { allTransitions, replayPath, replayRuns, type ModelPath } from '../testing/model-coverage';
import { onScreenTimeMachine, RETRY_BASE_MS, RETRY_MAX_MS, type OnScreenTimeContext, type OnScreenTimeEvent } from './on-screen-time.machine';
import { wholeSeconds } from './on-screen-time.record';
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

describe('on-screen-time machine, model-based', () => {
  it('has finite models of reasonable size', () => {
    for (const paths of Object.values(runs)) {
      expect(paths.length).toBeGreaterThan(100);
      expect(paths.length).toBeLessThan(3_000);
    }
  });

  it(`replays ${runs.timer.length + runs.outbox.length} generated paths of the two models with the laws of each step; every state and transition is covered`, async () => {
    let check = checker();
    const result = await replayRuns(machine, [{ paths: runs.timer }, { paths: runs.outbox }], {
      ...replayOptions,
      onPathStart: () => {
        effects = [];
        check = checker();
      },
      check: (live, step, calls) => check(live, step.before, step.event, calls),
    });
    expect(result.uncovered).toEqual({ states: [], transitions: [] });
  }, 120_000);

  it('would notice a transition no path takes', async () => {
    const seen = new Set<string>();
    for (const path of abstractPaths(outboxEvents.filter((e) => e.type !== 'network.online'))) (await replay(path)).taken.forEach((t) => seen.add(t));
    const missing = [...allTransitions(machine)].filter((t) => !seen.has(t) && t.startsWith('onScreenTime.outbox'));
    expect(missing).toEqual(['onScreenTime.outbox.idle --network.online[0]--> onScreenTime.outbox.flushing', expect.stringContaining('flushing --network.online'), expect.stringContaining('waiting --network.online')]);
  }, 60_000);
});
