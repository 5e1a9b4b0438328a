import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { idleTimeoutMachine, type IdleTimeoutContext, type IdleTimeoutInput } from './idle-timeout.machine';
import { selectTimeoutDialog, type IdleTimeoutSnapshot } from './idle-timeout.selectors';
import { modelPaths, replayRuns, uncoveredByRuns, type ModelRun, type Oracle } from '../testing/model-coverage';

type ModelEvent = EventObject & Record<string, unknown>;

// A 20 s token with the box at 8 s (the e2e settings). Times in ms from T0 = the token's nbf.
const T0 = 1_000_000;
const settings = { enabled: true, timeoutTimeSecond: 20, confirmBoxTimeleftSecond: 8 };
const token = { nbf: T0 / 1000, exp: T0 / 1000 + 20 };

// The page-busy flag travels on the tick in this model, so the traversal can take both branches.
const machine = idleTimeoutMachine.provide({
  guards: { isPageBusy: ({ event }) => (event as { busy?: boolean }).busy === true },
});
const tick = (at: number, busy = false): ModelEvent => ({ type: 'clock.tick', now: T0 + at, ...(busy ? { busy } : {}) });

const actorIds = ['refreshToken'];
const events: ModelEvent[] = [
  tick(1_000), // 19 s left: nothing to do
  tick(6_000), // 14 s left: the midpoint (20 + 8) / 2, activity may refresh (rule 1)
  tick(12_000), // 8 s left: the box opens (rule 3)
  tick(12_000, true), // … or a busy page refreshes silently (rule 2)
  tick(15_500), // a late tick: 4.5 s left
  tick(20_000), // expiry: too late to open the box (rule 6) / the count reaches 0 (rule 5)
  { type: 'user.activity' },
  { type: 'dialog.continue' },
  { type: 'dialog.leave' },
  { type: 'xstate.done.actor.refreshToken', output: { nbf: T0 / 1000 + 12, exp: T0 / 1000 + 32 } },
  { type: 'xstate.done.actor.refreshToken', output: { exp: T0 / 1000 + 30 } },
  { type: 'xstate.done.actor.refreshToken', output: null },
  { type: 'xstate.error.actor.refreshToken', error: new Error('401') },
];

const inputs: Record<string, IdleTimeoutInput> = {
  'a 20 s token': { settings, token },
  'timeouts disabled': { settings: { ...settings, enabled: false }, token },
  'a token without exp': { settings, token: { nbf: token.nbf } },
};
const runs: Array<ModelRun & { name: string }> = Object.entries(inputs).map(([name, input]) => ({
  name,
  input,
  paths: modelPaths(machine, events, { input, simplePaths: false }),
}));

const REFRESHING = ['refreshing', 'continuing'];

/** Checks of every step; `track` keeps what the path has done so far. */
function checker() {
  let entries = 0;
  const reset = () => {
    entries = 0;
  };
  const check = (live: AnyMachineSnapshot, before: AnyMachineSnapshot, calls: (id: string) => unknown[]) => {
    const previous = String(before.value);
    const value = String(live.value);
    const ctx = live.context as IdleTimeoutContext;
    const view = selectTimeoutDialog(live as IdleTimeoutSnapshot);
    expect(view.open).toBe(value === 'prompting' || value === 'continuing');
    expect(view.busy).toBe(value === 'continuing');
    if (value === 'prompting') {
      // Rule 9: the count is whole seconds from the box's own deadline, never more than the threshold.
      expect(view.secondsLeft).toBeGreaterThanOrEqual(1);
      expect(view.secondsLeft).toBeLessThanOrEqual(settings.confirmBoxTimeleftSecond);
      // Ticks may go back in time here (a clock set back): the count is capped, never negative.
      expect(view.secondsLeft).toBe(Math.min(8, Math.ceil((ctx.countdownEndsAtMs! - ctx.lastNow!) / 1000)));
      expect(ctx.countdownEndsAtMs).toBeLessThanOrEqual(ctx.expMs!);
    }
    if (value === 'watching') expect(ctx.countdownEndsAtMs).toBeNull();
    // Rule 8: one refresh per entry into a refreshing state, never two at once.
    if (REFRESHING.includes(value) && previous !== value) entries += 1;
    expect(calls('refreshToken')).toHaveLength(entries);
    if (value === 'ended') {
      expect(live.status).toBe('done');
      expect(live.output).toEqual({ reason: ctx.endReason });
    } else {
      expect(live.status).toBe('active');
    }
  };
  return { reset, check };
}

// The oracle, from SPEC §4 "Idle timeout" rules 1–9 (README "Session rules"), not read off the
// machine: times are the token's expiry and the tick's `now`.
type Ctx = IdleTimeoutContext;
const ctxOf = (s: AnyMachineSnapshot) => s.context as Ctx;
const hasTimes = (e: { output?: unknown }) => {
  const t = e.output as { nbf?: unknown; exp?: unknown } | null;
  return t !== null && typeof t === 'object';
};
const oracle: Oracle = {
  table: {
    watching: {
      'clock.tick': (e, s) => {
        const c = ctxOf(s);
        const now = e.now as number;
        if (!c.enabled) return 'disabled';
        if (c.expMs === null) return 'stopped'; // rule 7
        if (c.expMs - now > c.warningSec * 1000) return 'watching';
        if (e.busy === true) return 'refreshing'; // rule 2
        if (c.expMs <= now) return 'ended'; // rule 6
        return 'prompting'; // rule 3
      },
      // Rule 1: activity renews only within (lifetime + warning) / 2 of the expiry.
      'user.activity': (_, s) => {
        const c = ctxOf(s);
        return c.expMs !== null && c.lastNow !== null && c.expMs - c.lastNow <= ((c.lifetimeSec + c.warningSec) / 2) * 1000 ? 'refreshing' : null;
      },
    },
    refreshing: {
      'xstate.done.actor.refreshToken': (e) => (hasTimes(e) ? 'watching' : 'ended'),
      'xstate.error.actor.refreshToken': 'ended',
    },
    prompting: {
      // Rule 5: the count reaching 0 ends the session; rule 9: otherwise it counts down.
      'clock.tick': (e, s) => (Math.ceil(((ctxOf(s).countdownEndsAtMs as number) - (e.now as number)) / 1000) <= 0 ? 'ended' : 'prompting'),
      'dialog.continue': 'continuing',
      'dialog.leave': 'ended',
    },
    // Rule 4: Continue needs both timestamps of the new token.
    continuing: {
      'xstate.done.actor.refreshToken': (e) => {
        const t = e.output as { nbf?: unknown; exp?: unknown } | null;
        return typeof t?.nbf === 'number' && typeof t.exp === 'number' ? 'watching' : 'ended';
      },
      'xstate.error.actor.refreshToken': 'ended',
    },
    disabled: {},
    stopped: {},
    ended: {},
  },
  // The dialog's buttons: both wait while Continue refreshes.
  offers: (s) => {
    const view = selectTimeoutDialog(s as IdleTimeoutSnapshot);
    return { 'dialog.continue': view.open && !view.busy, 'dialog.leave': view.open && !view.busy };
  },
};

describe('idle-timeout machine, model-based', () => {
  it(`replays ${runs.reduce((n, r) => n + r.paths.length, 0)} generated paths (${runs.length} inputs) against the spec table; every state and transition is covered`, async () => {
    const { reset, check } = checker();
    const result = await replayRuns(machine, runs, { actorIds, events, oracle, onPathStart: reset, check: (live, step, calls) => check(live, step.before, calls) });
    expect(result.uncovered).toEqual({ states: [], transitions: [] });
  }, 60_000);

  it('would notice a transition no path takes', async () => {
    const partial = runs.map((r) => ({ ...r, paths: modelPaths(machine, events.filter((e) => e.type !== 'dialog.leave'), { input: r.input, simplePaths: false }) }));
    const missing = await uncoveredByRuns(machine, partial, actorIds);
    expect(missing.transitions).toEqual([expect.stringContaining('idleTimeout.prompting --dialog.leave')]);
  });
});
