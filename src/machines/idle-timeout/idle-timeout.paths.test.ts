import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { idleTimeoutMachine, type IdleTimeoutContext, type IdleTimeoutInput } from './idle-timeout.machine';
import { selectTimeoutDialog, type IdleTimeoutSnapshot } from './idle-timeout.selectors';
import { describePath, modelPaths, replay, uncoveredByRuns, type ModelRun } from '../testing/model-coverage';

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
  let previous: string | null = null;
  return (live: AnyMachineSnapshot, calls: (id: string) => unknown[]) => {
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
    previous = value;
  };
}

describe('idle-timeout machine, model-based', () => {
  for (const run of runs) {
    describe(`with ${run.name}`, () => {
      it.each(run.paths.map((p) => [describePath(p), p] as const))('replays %s', async (_name, path) => {
        const check = checker();
        await replay(machine, path, actorIds, (live, _model, calls) => check(live, calls), run.input);
      });
    });
  }

  it('reaches every state and takes every transition of the definition', async () => {
    expect(await uncoveredByRuns(machine, runs, actorIds)).toEqual({ states: [], transitions: [] });
  });

  it('would notice a transition no path takes', async () => {
    const partial = runs.map((r) => ({ ...r, paths: modelPaths(machine, events.filter((e) => e.type !== 'dialog.leave'), { input: r.input, simplePaths: false }) }));
    const missing = await uncoveredByRuns(machine, partial, actorIds);
    expect(missing.transitions).toEqual([expect.stringContaining('idleTimeout.prompting --dialog.leave')]);
  });
});
