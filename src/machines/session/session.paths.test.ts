import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { sessionMachine, type SessionContext } from './session.machine';
import { selectSessionView, type SessionSnapshot } from './session.selectors';
import { describePath, modelPaths, replay, uncoveredByRuns, type ModelPath } from '../testing/model-coverage';

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

function checker(path: ModelPath) {
  let step = 0;
  let previous = 'signedOut';
  let serverLogoutsBefore = 0;
  log = [];
  return (live: AnyMachineSnapshot, calls: (id: string) => unknown[]) => {
    const event = path.steps[step].event as EventObject & { output?: { reason: string } };
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
    previous = value;
    serverLogoutsBefore = calls('serverLogout').length;
    step += 1;
  };
}

describe('session machine, model-based', () => {
  it.each(paths.map((p) => [describePath(p), p] as const))('replays %s', async (_name, path) => {
    const check = checker(path);
    await replay(machine, path, actorIds, (live, _model, calls) => check(live, calls), input);
  });

  it('reaches every state and takes every transition of the definition', async () => {
    expect(await uncoveredByRuns(machine, [{ input, paths }], actorIds)).toEqual({ states: [], transitions: [] });
  });

  it('would notice a transition no path takes', async () => {
    const partial = modelPaths(machine, events.filter((e) => e.type !== 'device.expired'), { input });
    const missing = await uncoveredByRuns(machine, [{ input, paths: partial }], actorIds);
    expect(missing.transitions).toEqual([expect.stringContaining('session.signedIn --device.expired')]);
  });
});
