import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { twoFactorMachine } from './two-factor.machine';
import { selectTwoFactorCodeView, selectTwoFactorSettingView, type TwoFactorSnapshot } from './two-factor.selectors';
import { SecondFactorMissingError } from './two-factor.errors';
import { SubmissionError } from '../shared/submission-error';
import { modelPaths, replayRuns, type Oracle } from '../testing/model-coverage';

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

// The oracle, written from SPEC §4 "Two-factor" and the login page's code step (not read off the
// machine): per state, the events it accepts and where they lead; every other event is refused.
const missingOr = (other: string) => (e: { error?: unknown }) => (e.error instanceof SecondFactorMissingError ? 'manage.signInAgain' : other);
// Cancelling the activation is offered at every step of it (the Cancel button of the wizard).
const cancel = { 'activation.cancel': 'manage.disabled' };
const oracle: Oracle<TwoFactorSnapshot> = {
  table: {
    idle: { 'signIn.start': 'signIn.entering', 'manage.start': 'manage.loading' },
    // The code step: submit, or Back to the password step, also after a wrong code.
    'signIn.entering': { 'code.submit': 'signIn.verifying', 'code.cancel': 'signIn.cancelled' },
    'signIn.verifying': { 'xstate.done.actor.verifyCode': 'signIn.signedIn', 'xstate.error.actor.verifyCode': 'signIn.failed' },
    'signIn.failed': { 'code.edit': 'signIn.entering', 'code.submit': 'signIn.verifying', 'code.cancel': 'signIn.cancelled' },
    'signIn.signedIn': {},
    'signIn.cancelled': {},
    'manage.loading': {
      'xstate.done.actor.loadInfo': (e) => ((e.output as { enabled: boolean }).enabled ? 'manage.enabled' : 'manage.disabled'),
      'xstate.error.actor.loadInfo': 'manage.loadFailed',
    },
    'manage.loadFailed': { 'info.retry': 'manage.loading' },
    'manage.disabled': { 'activation.start': 'manage.activation.password' },
    'manage.activation.password': { 'password.submit': 'manage.activation.activating', ...cancel },
    'manage.activation.activating': {
      'xstate.done.actor.activate': 'manage.activation.showing',
      'xstate.error.actor.activate': missingOr('manage.activation.passwordFailed'),
      ...cancel,
    },
    'manage.activation.passwordFailed': { 'password.edit': 'manage.activation.password', 'password.submit': 'manage.activation.activating', ...cancel },
    'manage.activation.showing': { 'activation.next': 'manage.activation.code', ...cancel },
    'manage.activation.code': { 'code.submit': 'manage.activation.completing', 'activation.back': 'manage.activation.showing', ...cancel },
    'manage.activation.completing': {
      'xstate.done.actor.complete': 'manage.enabled',
      'xstate.error.actor.complete': missingOr('manage.activation.codeFailed'),
      ...cancel,
    },
    'manage.activation.codeFailed': {
      'code.edit': 'manage.activation.code',
      'code.submit': 'manage.activation.completing',
      'activation.back': 'manage.activation.showing',
      ...cancel,
    },
    'manage.enabled': { 'deactivation.start': 'manage.deactivation.confirming' },
    // ASVS 7.5.1: the dialog stays open until it succeeds or is cancelled.
    'manage.deactivation.confirming': { 'deactivation.confirm': 'manage.deactivation.deactivating', 'deactivation.cancel': 'manage.enabled' },
    'manage.deactivation.deactivating': {
      'xstate.done.actor.deactivate': 'manage.deactivated',
      'xstate.error.actor.deactivate': missingOr('manage.deactivation.failed'),
    },
    'manage.deactivation.failed': {
      'deactivation.confirm': 'manage.deactivation.deactivating',
      'proof.edit': 'manage.deactivation.confirming',
      'deactivation.cancel': 'manage.enabled',
    },
    'manage.deactivated': {},
    'manage.signInAgain': {},
  },
  // What the pages offer, from the view models only.
  offers: (s): Record<string, boolean> => {
    if (s.matches('signIn')) {
      const code = selectTwoFactorCodeView(s);
      const open = !code.busy && !code.signedIn && !code.cancelled;
      return { 'code.submit': open, 'code.cancel': open };
    }
    if (!s.matches('manage')) return {};
    const v = selectTwoFactorSettingView(s);
    return {
      'info.retry': v.step === 'loadFailed',
      'activation.start': v.step === 'off',
      'password.submit': v.step === 'password' && !v.busy,
      'activation.next': v.step === 'secret',
      'activation.back': v.step === 'code' && !v.busy,
      'deactivation.start': v.step === 'on' && !v.confirmingDeactivation,
      'deactivation.confirm': v.confirmingDeactivation && !v.busy,
      'deactivation.cancel': v.confirmingDeactivation && !v.busy,
    };
  },
};

describe('two-factor machine, model-based', () => {
  it(`replays ${paths.length} generated paths against the spec table; every state and transition is covered`, async () => {
    const result = await replayRuns(twoFactorMachine, [{ paths }], {
      actorIds,
      events,
      oracle,
      check: (live, _step, calls) => checkInvariants(live, calls),
    });
    expect(result.uncovered).toEqual({ states: [], transitions: [] });
  });
});
