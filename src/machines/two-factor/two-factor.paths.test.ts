import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { twoFactorMachine } from './two-factor.machine';
import { selectTwoFactorCodeView, selectTwoFactorSettingView, type TwoFactorSnapshot } from './two-factor.selectors';
import { SecondFactorMissingError } from './two-factor.errors';
import { SubmissionError } from '../shared/submission-error';
import { describePath, modelPaths, replay, uncovered } from '../testing/model-coverage';

const credentials = { external_id: 'agent2fa', password: 'Secure2026' };
const activation = { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/x', qr_svg: '<svg/>' };
const actorIds = ['verifyCode', 'loadInfo', 'activate', 'complete', 'deactivate'];
const wrongCode = new SubmissionError('The code is incorrect or has already been used.');
const missing = new SecondFactorMissingError('Please complete two-factor authentication first.');
const crash = new TypeError('Failed to fetch');

const events = [
  { type: 'signIn.start', credentials },
  { type: 'manage.start' },
  { type: 'code.submit', code: '123456' },
  { type: 'code.edit' },
  { type: 'code.cancel' },
  { type: 'xstate.done.actor.verifyCode' },
  { type: 'xstate.error.actor.verifyCode', error: wrongCode },
  { type: 'xstate.done.actor.loadInfo', output: { enabled: false, pending: false, required: true } },
  { type: 'xstate.done.actor.loadInfo', output: { enabled: true, pending: false, required: false } },
  { type: 'xstate.error.actor.loadInfo', error: crash },
  { type: 'info.retry' },
  { type: 'activation.start' },
  { type: 'password.submit', payload: credentials },
  { type: 'password.edit' },
  { type: 'xstate.done.actor.activate', output: activation },
  { type: 'xstate.error.actor.activate', error: new SubmissionError('The agent code or password is incorrect.') },
  { type: 'xstate.error.actor.activate', error: missing },
  { type: 'activation.next' },
  { type: 'activation.back' },
  { type: 'activation.cancel' },
  { type: 'xstate.done.actor.complete' },
  { type: 'xstate.error.actor.complete', error: wrongCode },
  { type: 'xstate.error.actor.complete', error: missing },
  { type: 'deactivation.start' },
  { type: 'deactivation.confirm', payload: { password: 'Secure2026' } },
  { type: 'proof.edit' },
  { type: 'deactivation.cancel' },
  { type: 'xstate.done.actor.deactivate' },
  { type: 'xstate.error.actor.deactivate', error: crash },
  { type: 'xstate.error.actor.deactivate', error: new SubmissionError('The password or code is incorrect. Two-factor authentication stays on.') },
  { type: 'xstate.error.actor.deactivate', error: missing },
];

// The graph has many cycles: the edge paths cover every transition without the exponential simple paths.
const paths = modelPaths(twoFactorMachine, events, { simplePaths: false });

function checkInvariants(live: AnyMachineSnapshot, calls: (id: string) => unknown[]) {
  const snapshot = live as TwoFactorSnapshot;
  const code = selectTwoFactorCodeView(snapshot);
  const setting = selectTwoFactorSettingView(snapshot);
  const busy = ['verifying', 'loading', 'activating', 'completing', 'deactivating'].some((s) => JSON.stringify(live.value).includes(`"${s}"`));
  expect(live.hasTag('busy')).toBe(busy);
  expect(code.busy).toBe(busy);
  // The server's words, a generic text, or nothing: raw exception text never reaches the view.
  expect(JSON.stringify([code, setting])).not.toContain('Failed to fetch');
  // The secret is only known between a successful activate call and the end of the activation.
  expect(setting.secret !== null).toBe(['secret', 'code'].includes(setting.step));
  if (setting.secret !== null) expect(setting.qrSvg).toBe(activation.qr_svg);
  if (live.matches({ signIn: 'verifying' })) expect(calls('verifyCode').at(-1)).toEqual({ ...credentials, one_time_password: '123456' });
  if (live.matches({ manage: { activation: 'activating' } })) expect(calls('activate').at(-1)).toEqual(credentials);
  if (live.matches({ manage: { activation: 'completing' } })) expect(calls('complete').at(-1)).toBe('123456');
  if (live.matches({ manage: 'signInAgain' })) expect(setting.failure).toEqual({ kind: 'server', message: missing.message });
  // The spec's expectation (ASVS 7.5.1): the dialog asking for the password or a code stays open
  // from "turn off" until it succeeds or is cancelled, and the call carries what was typed.
  const dialogOpen = ['confirming', 'deactivating', 'failed'].some((s) => live.matches({ manage: { deactivation: s } }));
  expect(setting.confirmingDeactivation).toBe(dialogOpen);
  if (live.matches({ manage: { deactivation: 'deactivating' } })) expect(calls('deactivate').at(-1)).toEqual({ password: 'Secure2026' });
  if (live.matches({ manage: { deactivation: 'failed' } })) expect(setting.failure).not.toBeNull();
  if (live.matches({ manage: { deactivation: 'confirming' } })) expect(setting.failure).toBeNull();
}

describe('two-factor machine, model-based', () => {
  it.each(paths.map((p) => [describePath(p), p] as const))('replays %s', async (_name, path) => {
    await replay(twoFactorMachine, path, actorIds, (live, _model, calls) => checkInvariants(live, calls));
  });

  it('reaches every state and takes every transition of the definition', async () => {
    expect(await uncovered(twoFactorMachine, paths, actorIds)).toEqual({ states: [], transitions: [] });
  });
});
