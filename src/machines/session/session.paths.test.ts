import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { sessionMachine, type SessionContext } from './session.machine';
import { selectSessionView, type SessionSnapshot } from './session.selectors';
import { modelPaths, replayRuns, uncoveredByRuns, type Oracle } from '../testing/model-coverage';

type ModelEvent = EventObject & Record<string, unknown>;

const settings = { enabled: true, timeoutTimeSecond: 20, confirmBoxTimeleftSecond: 8 };
const input = { settings };
const first = { nbf: 1_000, exp: 1_020 };
const second = { nbf: 1_012, exp: 1_032 };

// The idle timeout is replaced by a promise the test settles with the child's output.
const actorIds = ['idleTimeout', 'showAlert', 'serverLogout'];
const ended = (reason: string): ModelEvent => ({ type: 'xstate.done.actor.idleTimeout', output: { reason } });
const events: ModelEvent[] = [
  { type: 'session.signedIn', token: first },
  { type: 'token.refreshed', token: second },
  { type: 'token.cleared' },
  { type: 'session.logout' },
  { type: 'session.endedElsewhere' },
  { type: 'session.expired' },
  { type: 'device.expired', message: 'The device has been expired' },
  { type: 'user.activity' },
  { type: 'dialog.continue' },
  { type: 'dialog.leave' },
  ended('leave'),
  ended('countdown'),
  ended('expired'),
  ended('refresh_failed'),
  { type: 'xstate.done.actor.showAlert' },
  { type: 'xstate.error.actor.showAlert', error: new Error('no window') },
  { type: 'xstate.done.actor.serverLogout' },
  { type: 'xstate.error.actor.serverLogout', error: new Error('500') },
];

const LOGOUT_EFFECTS = ['clearSession', 'clearRedirectUrl', 'closeDialogs', 'goHome'];
let log: string[] = [];
const record = (name: string) => () => void log.push(name);
const machine = sessionMachine.provide({
  actions: Object.fromEntries(['openLogoutPage', ...LOGOUT_EFFECTS].map((n) => [n, record(n)])),
});

const paths = modelPaths(machine, events, { input });

const alertFor: Record<string, unknown> = {
  'session.expired': { kind: 'session_expired' },
  'device.expired': { kind: 'server', message: 'The device has been expired' },
  expired: { kind: 'session_expired' },
  refresh_failed: { kind: 'token_expired' },
};

function checker() {
  let serverLogoutsBefore = 0;
  const reset = () => {
    serverLogoutsBefore = 0;
    log = [];
  };
  const check = (live: AnyMachineSnapshot, step: { event: EventObject; before: AnyMachineSnapshot }, calls: (id: string) => unknown[]) => {
    const event = step.event as EventObject & { output?: { reason: string } };
    const previous = String(step.before.value);
    const value = String(live.value);
    const ctx = live.context as SessionContext;
    const view = selectSessionView(live as SessionSnapshot);
    const effects = log.splice(0);
    expect(view.signedIn).toBe(value === 'signedIn');
    expect(view.loggingOut).toBe(value === 'loggingOut');
    expect(view.alert).toEqual(value === 'alerting' ? ctx.alert : null);

    if (value === 'signedIn') {
      // The idle timeout runs with the app's settings and the latest token's times.
      expect(calls('idleTimeout').at(-1)).toEqual({ settings, token: ctx.token });
      expect(ctx.token).toEqual(event.type === 'token.refreshed' ? second : event.type === 'session.signedIn' ? first : ctx.token);
    }
    if (value === 'alerting') {
      const cause = event.type === 'xstate.done.actor.idleTimeout' ? event.output!.reason : event.type;
      expect(ctx.alert).toEqual(alertFor[cause]);
      expect(calls('showAlert').at(-1)).toEqual(ctx.alert);
    }
    // /logout is opened when the session ends by itself; the logout page's own event needs no navigation.
    const leftByItself = previous === 'alerting' || (previous === 'signedIn' && event.type === 'xstate.done.actor.idleTimeout');
    expect(effects.includes('openLogoutPage')).toBe(value === 'loggingOut' && leftByItself);
    if (value === 'loggingOut' && previous !== 'loggingOut') expect(calls('serverLogout').length).toBeGreaterThan(0);
    // ADR 016: another tab ended the shared session; a signed-in or alerting tab clears itself
    // without a server call of its own (the other tab made it); elsewhere it changes nothing.
    const endedElsewhere = event.type === 'session.endedElsewhere' && (previous === 'signedIn' || previous === 'alerting');
    if (event.type === 'session.endedElsewhere') {
      expect(value).toBe(endedElsewhere ? 'signedOut' : previous);
      if (endedElsewhere) expect(calls('serverLogout').length).toBe(serverLogoutsBefore);
    }
    // SPEC §4: whether the server call succeeded or not, everything is cleared and the user goes home.
    if ((previous === 'loggingOut' && value === 'signedOut') || endedElsewhere) {
      expect(effects).toEqual(LOGOUT_EFFECTS);
      expect(ctx).toEqual({ settings, token: null, alert: null });
    } else {
      expect(effects.filter((e) => LOGOUT_EFFECTS.includes(e))).toEqual([]);
    }
    if (value === 'signedOut') expect(ctx.token).toBeNull();
    serverLogoutsBefore = calls('serverLogout').length;
  };
  return { reset, check };
}

// The oracle, from SPEC §4 "Session" and §8 and ADR 016 (not read off the machine).
const endedBy = (e: { output?: unknown }) => (['leave', 'countdown'].includes((e.output as { reason: string }).reason) ? 'loggingOut' : 'alerting');
const oracle: Oracle = {
  table: {
    // The logout page still clears what a stale token left behind.
    signedOut: { 'session.signedIn': 'signedIn', 'session.logout': 'loggingOut' },
    signedIn: {
      // Activity and the dialog's buttons go to the idle timeout.
      'user.activity': 'signedIn',
      'dialog.continue': 'signedIn',
      'dialog.leave': 'signedIn',
      'token.refreshed': 'signedIn',
      'session.signedIn': 'signedIn',
      'token.cleared': 'signedOut',
      'session.logout': 'loggingOut',
      'session.endedElsewhere': 'signedOut',
      'session.expired': 'alerting',
      'device.expired': 'alerting',
      // Leave (or the countdown's end) goes to /logout; an expiry or a failed renewal alerts first.
      'xstate.done.actor.idleTimeout': endedBy,
    },
    alerting: { 'xstate.done.actor.showAlert': 'loggingOut', 'xstate.error.actor.showAlert': 'loggingOut', 'session.endedElsewhere': 'signedOut' },
    // Whether the server call succeeds or not.
    loggingOut: { 'xstate.done.actor.serverLogout': 'signedOut', 'xstate.error.actor.serverLogout': 'signedOut' },
  },
};

describe('session machine, model-based', () => {
  it(`replays ${paths.length} generated paths against the spec table; every state and transition is covered`, async () => {
    const { reset, check } = checker();
    const result = await replayRuns(machine, [{ input, paths }], { actorIds, events, oracle, onPathStart: reset, check: (live, step, calls) => check(live, step, calls) });
    expect(result.uncovered).toEqual({ states: [], transitions: [] });
  }, 60_000);

  it('would notice a transition no path takes', async () => {
    const partial = modelPaths(machine, events.filter((e) => e.type !== 'device.expired'), { input });
    const missing = await uncoveredByRuns(machine, [{ input, paths: partial }], actorIds);
    expect(missing.transitions).toEqual([expect.stringContaining('session.signedIn --device.expired')]);
  });
});
