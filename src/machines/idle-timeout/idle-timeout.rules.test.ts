import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { idleTimeoutMachine, type TimeoutSettings, type TokenTimes } from './idle-timeout.machine';
import { selectTimeoutDialog } from './idle-timeout.selectors';

// SPEC §4 "Idle timeout (when enabled)", one test per rule, on a simulated clock: every tick is
// sent by hand with the wall time it carries, so a throttled tab is just a late tick.
const T0 = 1_700_000_000_000; // the first token's nbf, in ms
const spec: TimeoutSettings = { enabled: true, timeoutTimeSecond: 600, confirmBoxTimeleftSecond: 60 };
const tokenAt = (startSec: number, lifetimeSec: number): TokenTimes => ({ nbf: T0 / 1000 + startSec, exp: T0 / 1000 + startSec + lifetimeSec });

type Refresh = () => Promise<TokenTimes | null>;

function start({ settings = spec, token = tokenAt(0, 600) as TokenTimes | null, refresh = (async () => tokenAt(0, 600)) as Refresh } = {}) {
  const page = { busy: false };
  let refreshes = 0;
  const actor = createActor(
    idleTimeoutMachine.provide({
      actors: {
        refreshToken: fromPromise(() => {
          refreshes += 1;
          return refresh();
        }),
      },
      guards: { isPageBusy: () => page.busy },
    }),
    { input: { settings, token } },
  ).start();
  return {
    actor,
    page,
    refreshes: () => refreshes,
    /** A tick at `sec` seconds after T0. */
    at: (sec: number) => actor.send({ type: 'clock.tick', now: T0 + sec * 1000 }),
    state: () => actor.getSnapshot().value,
    dialog: () => selectTimeoutDialog(actor.getSnapshot()),
    output: () => actor.getSnapshot().output,
  };
}

const settle = () => new Promise<void>((r) => setTimeout(r, 0));
/** A refresh the test finishes by hand. */
function pendingRefresh() {
  let finish!: (t: TokenTimes | null) => void;
  let fail!: (e: unknown) => void;
  const refresh: Refresh = () =>
    new Promise((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
  return { refresh, finish: (t: TokenTimes | null) => finish(t), fail: (e: unknown) => fail(e) };
}

describe('idle timeout rules (SPEC §4)', () => {
  it('rules 2 and 1: the tick that renews for a busy page is the time activity is judged by until the next tick', async () => {
    // The first tick comes at the threshold with the page busy: a silent renewal (rule 2) …
    const s = start({ refresh: async () => tokenAt(240, 600) });
    s.page.busy = true;
    s.at(540);
    expect(s.state()).toBe('refreshing');
    await settle();
    expect(s.state()).toBe('watching');
    // … whose token has 300 s left at that tick, under the midpoint (330 s): activity renews again.
    s.actor.send({ type: 'user.activity' });
    expect(s.state()).toBe('refreshing');
  });

  it('rule 1: activity renews the token only at or below the midpoint between lifetime and threshold, and only while the box is closed', async () => {
    // Midpoint of 600 s and 60 s: 330 s left, i.e. 270 s after the start.
    const s = start({ refresh: async () => tokenAt(270, 600) });
    s.at(269);
    s.actor.send({ type: 'user.activity' });
    expect(s.refreshes()).toBe(0);
    s.at(270);
    s.actor.send({ type: 'user.activity' });
    expect(s.state()).toBe('refreshing');
    await settle();
    expect(s.refreshes()).toBe(1);
    expect(s.state()).toBe('watching');
    // The renewed token counts from its own expiry: nothing happens at the old threshold.
    s.at(540);
    expect(s.dialog().open).toBe(false);

    const boxed = start();
    boxed.at(540);
    expect(boxed.dialog().open).toBe(true);
    boxed.actor.send({ type: 'user.activity' });
    expect(boxed.refreshes()).toBe(0);
    expect(boxed.state()).toBe('prompting');
  });

  it('rule 2: at the threshold a busy page (page loading or keep_on_screen) is refreshed silently, and no box opens', async () => {
    const s = start({ refresh: async () => tokenAt(540, 600) });
    s.page.busy = true;
    s.at(539);
    expect(s.refreshes()).toBe(0);
    s.at(540);
    expect(s.state()).toBe('refreshing');
    expect(s.dialog().open).toBe(false);
    await settle();
    expect(s.refreshes()).toBe(1);
    expect(s.state()).toBe('watching');
    expect(s.actor.getSnapshot().context.expMs).toBe(T0 + 1_140_000);
    // Still busy: the next threshold refreshes again, still without a box.
    s.at(1_080);
    expect(s.state()).toBe('refreshing');
  });

  it('rule 3: at the threshold with a page that is not busy, the box opens and the check stops', () => {
    const s = start();
    s.at(539);
    expect(s.dialog().open).toBe(false);
    s.at(540);
    expect(s.dialog()).toEqual({ open: true, secondsLeft: 60, busy: false });
    // The check has stopped: a page that becomes busy no longer refreshes.
    s.page.busy = true;
    s.at(545);
    expect(s.refreshes()).toBe(0);
    expect(s.state()).toBe('prompting');
  });

  it('rule 4: Continue refreshes; on success the timer restarts with exp − nbf as the lifetime', async () => {
    const pending = pendingRefresh();
    const s = start({ refresh: pending.refresh });
    s.at(540);
    s.actor.send({ type: 'dialog.continue' });
    expect(s.dialog()).toEqual({ open: true, secondsLeft: 60, busy: true });
    pending.finish(tokenAt(545, 900));
    await settle();
    expect(s.state()).toBe('watching');
    expect(s.dialog().open).toBe(false);
    const ctx = s.actor.getSnapshot().context;
    expect(ctx.lifetimeSec).toBe(900);
    expect(ctx.expMs).toBe(T0 + 1_445_000);
    // New midpoint (900 + 60) / 2 = 480 s left: 965 s after T0.
    s.at(964);
    s.actor.send({ type: 'user.activity' });
    expect(s.refreshes()).toBe(1);
    s.at(965);
    s.actor.send({ type: 'user.activity' });
    expect(s.refreshes()).toBe(2);
  });

  it.each([
    ['a token without nbf', async () => ({ exp: T0 / 1000 + 1_200 })],
    ['a token without exp', async () => ({ nbf: T0 / 1000 + 600 })],
    ['an empty answer', async () => null],
    ['a failed call', async () => Promise.reject(new Error('401'))],
  ] as Array<[string, Refresh]>)('rule 4: Continue ends the session after %s', async (_name, refresh) => {
    const s = start({ refresh });
    s.at(540);
    s.actor.send({ type: 'dialog.continue' });
    await settle();
    expect(s.actor.getSnapshot().status).toBe('done');
    expect(s.output()).toEqual({ reason: 'refresh_failed' });
  });

  it('rule 5: Leave ends the session at once', () => {
    const s = start();
    s.at(540);
    s.actor.send({ type: 'dialog.leave' });
    expect(s.output()).toEqual({ reason: 'leave' });
    expect(s.refreshes()).toBe(0);
  });

  it('rule 5: the countdown reaching 0 ends the session (the check stops)', () => {
    const s = start();
    s.at(540);
    s.at(599);
    expect(s.dialog().secondsLeft).toBe(1);
    expect(s.actor.getSnapshot().status).toBe('active');
    s.at(600);
    expect(s.output()).toEqual({ reason: 'countdown' });
  });

  it('rule 6: a token already expired when the box would open ends the session with the expired reason', () => {
    const s = start();
    s.at(10);
    s.at(600);
    expect(s.output()).toEqual({ reason: 'expired' });
    expect(s.refreshes()).toBe(0);
  });

  it('rule 7: an expiry that cannot be read stops the timer', () => {
    for (const token of [null, { nbf: T0 / 1000 }, { exp: Number.NaN }]) {
      const s = start({ token });
      s.at(1);
      expect(s.state()).toBe('stopped');
      s.at(10_000);
      s.actor.send({ type: 'user.activity' });
      expect(s.state()).toBe('stopped');
      expect(s.refreshes()).toBe(0);
    }
  });

  it('rule 7 also applies when a silent refresh answers a token without exp', async () => {
    const s = start({ refresh: async () => ({ nbf: T0 / 1000 + 300 }) });
    s.at(300);
    s.actor.send({ type: 'user.activity' });
    await settle();
    expect(s.state()).toBe('watching');
    s.at(301);
    expect(s.state()).toBe('stopped');
  });

  it('rule 8: at most one refresh runs at a time', async () => {
    const pending = pendingRefresh();
    const s = start({ refresh: pending.refresh });
    s.page.busy = true;
    s.at(300);
    for (let i = 0; i < 5; i += 1) s.actor.send({ type: 'user.activity' });
    s.at(540);
    s.at(541);
    expect(s.refreshes()).toBe(1);
    pending.finish(tokenAt(300, 600));
    await settle();
    expect(s.state()).toBe('watching');

    const twice = pendingRefresh();
    const boxed = start({ refresh: twice.refresh });
    boxed.at(540);
    boxed.actor.send({ type: 'dialog.continue' });
    boxed.actor.send({ type: 'dialog.continue' });
    boxed.actor.send({ type: 'dialog.leave' });
    expect(boxed.refreshes()).toBe(1);
    expect(boxed.state()).toBe('continuing');
  });

  it('rule 9: the countdown starts at confirmBoxTimeleftSecond and ticks by 1 second', () => {
    const s = start();
    s.at(540);
    const shown = [s.dialog().secondsLeft];
    for (let sec = 541; sec < 600; sec += 1) {
      s.at(sec);
      shown.push(s.dialog().secondsLeft);
    }
    expect(shown).toEqual(Array.from({ length: 60 }, (_, i) => 60 - i));
    // Half-second ticks do not skip or repeat a count the user can act on.
    const half = start();
    half.at(540.4);
    expect(half.dialog().secondsLeft).toBe(60);
    half.at(541.2);
    expect(half.dialog().secondsLeft).toBe(59);
  });

  it('settings turned off: nothing is checked', () => {
    const s = start({ settings: { ...spec, enabled: false } });
    s.at(1);
    expect(s.state()).toBe('disabled');
    s.at(600);
    s.actor.send({ type: 'user.activity' });
    expect(s.dialog().open).toBe(false);
    expect(s.refreshes()).toBe(0);
  });

  describe('a hidden tab whose ticks stop for 40 s', () => {
    const short: TimeoutSettings = { enabled: true, timeoutTimeSecond: 20, confirmBoxTimeleftSecond: 8 };
    const token = tokenAt(0, 20);

    it('opens the box at the right moment, counting from the expiry, not from the late tick', () => {
      const s = start({ settings: short, token });
      s.at(5);
      // Hidden at 5 s; the first tick after coming back arrives at 15 s (5 s before expiry).
      s.at(15);
      expect(s.dialog()).toEqual({ open: true, secondsLeft: 5, busy: false });
    });

    it('ends the session on the next tick when the token expired meanwhile (rule 6)', () => {
      const s = start({ settings: short, token });
      s.at(5);
      s.at(45);
      expect(s.output()).toEqual({ reason: 'expired' });
    });

    it('ends an open countdown on the next tick (rule 5)', () => {
      const s = start({ settings: short, token });
      s.at(12);
      expect(s.dialog().secondsLeft).toBe(8);
      s.at(52);
      expect(s.output()).toEqual({ reason: 'countdown' });
    });
  });
});
