import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { waitFor } from '../testing/wait-for';
import type { TwoFactorActivatePayload, TwoFactorDeactivatePayload, TwoFactorInfo, TwoFactorVerifyPayload } from '../../api/schemas/two-factor.schema';
import { twoFactorMachine } from './two-factor.machine';
import { groupSecret, selectTwoFactorCodeView, selectTwoFactorSettingView } from './two-factor.selectors';
import { SecondFactorMissingError } from './two-factor.errors';
import { SubmissionError } from '../shared/submission-error';

const credentials = { external_id: 'agent2fa', password: 'Secure2026' };
const activation = { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/Agent%20Academy:agent01', qr_svg: '<svg></svg>' };
const wrong = () => new SubmissionError('The code is incorrect or has already been used.');

interface Fakes {
  verify?: (p: TwoFactorVerifyPayload) => Promise<void>;
  info?: () => Promise<TwoFactorInfo>;
  activate?: (p: TwoFactorActivatePayload) => Promise<typeof activation>;
  complete?: (code: string) => Promise<void>;
  deactivate?: (p: TwoFactorDeactivatePayload) => Promise<void>;
}

function start(f: Fakes) {
  const calls: Array<[string, unknown]> = [];
  const track = <I, O>(name: string, fn: ((input: I) => Promise<O>) | undefined) =>
    fromPromise<O, I>(({ input }) => {
      calls.push([name, input]);
      return fn ? fn(input) : Promise.reject(new Error(`${name} not expected`));
    });
  const actor = createActor(
    twoFactorMachine.provide({
      actors: {
        verifyCode: track('verify', f.verify),
        loadInfo: track('info', f.info),
        activate: track('activate', f.activate),
        complete: track('complete', f.complete),
        deactivate: track('deactivate', f.deactivate),
      },
    }),
  ).start();
  return {
    actor,
    calls,
    code: () => selectTwoFactorCodeView(actor.getSnapshot()),
    setting: () => selectTwoFactorSettingView(actor.getSnapshot()),
  };
}

describe('two-factor machine: sign-in with a code', () => {
  it('verifies the credentials with the code, once while busy, then is signed in', async () => {
    let finish!: () => void;
    const { actor, calls, code } = start({ verify: () => new Promise<void>((r) => (finish = r)) });
    actor.send({ type: 'signIn.start', credentials });
    actor.send({ type: 'code.submit', code: '123456' });
    actor.send({ type: 'code.submit', code: '123456' });
    expect(code().busy).toBe(true);
    expect(calls).toEqual([['verify', { ...credentials, one_time_password: '123456' }]]);
    finish();
    await waitFor(actor, (s) => s.matches({ signIn: 'signedIn' }));
    expect(code()).toEqual({ busy: false, failure: null, signedIn: true, cancelled: false });
  });

  it("shows the server's message for a wrong code; editing clears it and a new code is tried", async () => {
    let attempt = 0;
    const { actor, calls, code } = start({ verify: async () => (++attempt === 1 ? Promise.reject(wrong()) : undefined) });
    actor.send({ type: 'signIn.start', credentials });
    actor.send({ type: 'code.submit', code: '111111' });
    await waitFor(actor, (s) => s.matches({ signIn: 'failed' }));
    expect(code().failure).toEqual({ kind: 'server', message: 'The code is incorrect or has already been used.' });
    actor.send({ type: 'code.edit' });
    expect(code().failure).toBeNull();
    actor.send({ type: 'code.submit', code: '222222' });
    await waitFor(actor, (s) => s.matches({ signIn: 'signedIn' }));
    expect(calls.map(([, input]) => (input as TwoFactorVerifyPayload).one_time_password)).toEqual(['111111', '222222']);
  });

  it('after a wrong code, Back still returns to the password step (not stuck on the code step)', async () => {
    const { actor, code } = start({ verify: () => Promise.reject(wrong()) });
    actor.send({ type: 'signIn.start', credentials });
    actor.send({ type: 'code.submit', code: '111111' });
    await waitFor(actor, (s) => s.matches({ signIn: 'failed' }));
    expect(actor.getSnapshot().can({ type: 'code.cancel' })).toBe(true);
    actor.send({ type: 'code.cancel' });
    expect(code()).toMatchObject({ cancelled: true, failure: null });
  });

  it('can go back to the password step', () => {
    const { actor, code } = start({});
    actor.send({ type: 'signIn.start', credentials });
    actor.send({ type: 'code.cancel' });
    expect(code().cancelled).toBe(true);
  });
});

describe('two-factor machine: settings', () => {
  it('activates: password → secret shown → code → on, and the secret is forgotten', async () => {
    const { actor, calls, setting } = start({
      info: async () => ({ enabled: false, pending: false, required: true }),
      activate: async () => activation,
      complete: async () => undefined,
    });
    actor.send({ type: 'manage.start' });
    expect(setting().step).toBe('loading');
    await waitFor(actor, (s) => s.matches({ manage: 'disabled' }));
    expect(setting()).toMatchObject({ step: 'off', required: true, secret: null });
    actor.send({ type: 'activation.start' });
    expect(setting().step).toBe('password');
    actor.send({ type: 'password.submit', payload: { external_id: 'agent01', password: 'Learner2026' } });
    expect(setting()).toMatchObject({ step: 'password', busy: true });
    await waitFor(actor, (s) => s.matches({ manage: { activation: 'showing' } }));
    expect(setting()).toMatchObject({ step: 'secret', secret: activation.secret, qrSvg: activation.qr_svg });
    actor.send({ type: 'activation.next' });
    expect(setting().step).toBe('code');
    actor.send({ type: 'code.submit', code: '654321' });
    await waitFor(actor, (s) => s.matches({ manage: 'enabled' }));
    expect(setting()).toMatchObject({ step: 'on', justActivated: true, secret: null, qrSvg: null });
    expect(calls.map(([name, input]) => [name, input])).toEqual([
      ['info', undefined],
      ['activate', { external_id: 'agent01', password: 'Learner2026' }],
      ['complete', '654321'],
    ]);
  });

  it("a wrong password or code shows the server's message and keeps the step", async () => {
    let codes = 0;
    const { actor, setting } = start({
      info: async () => ({ enabled: false, pending: false, required: false }),
      activate: async (p) => (p.password === 'Learner2026' ? activation : Promise.reject(new SubmissionError('The agent code or password is incorrect.'))),
      complete: async () => (++codes === 1 ? Promise.reject(wrong()) : undefined),
    });
    actor.send({ type: 'manage.start' });
    await waitFor(actor, (s) => s.matches({ manage: 'disabled' }));
    actor.send({ type: 'activation.start' });
    actor.send({ type: 'password.submit', payload: { external_id: 'agent01', password: 'Nope2026x' } });
    await waitFor(actor, (s) => s.matches({ manage: { activation: 'passwordFailed' } }));
    expect(setting()).toMatchObject({ step: 'password', failure: { kind: 'server', message: 'The agent code or password is incorrect.' } });
    actor.send({ type: 'password.submit', payload: { external_id: 'agent01', password: 'Learner2026' } });
    await waitFor(actor, (s) => s.matches({ manage: { activation: 'showing' } }));
    actor.send({ type: 'activation.next' });
    actor.send({ type: 'code.submit', code: '000000' });
    await waitFor(actor, (s) => s.matches({ manage: { activation: 'codeFailed' } }));
    expect(setting()).toMatchObject({ step: 'code', secret: activation.secret, failure: { kind: 'server' } });
    actor.send({ type: 'activation.back' });
    expect(setting()).toMatchObject({ step: 'secret', failure: null });
    actor.send({ type: 'activation.cancel' });
    expect(setting()).toMatchObject({ step: 'off', secret: null });
  });

  it('deactivates only with the password or a code from the dialog; a refusal stays in the dialog; then done (the route signs out)', async () => {
    let answer: 'crash' | 'wrong' | 'ok' = 'crash';
    const { actor, calls, setting } = start({
      info: async () => ({ enabled: true, pending: false, required: false }),
      deactivate: async () => {
        if (answer === 'crash') throw new TypeError('Failed to fetch');
        if (answer === 'wrong') throw new SubmissionError('The password or code is incorrect. Two-factor authentication stays on.');
      },
    });
    actor.send({ type: 'manage.start' });
    await waitFor(actor, (s) => s.matches({ manage: 'enabled' }));
    actor.send({ type: 'deactivation.start' });
    expect(setting()).toMatchObject({ step: 'on', confirmingDeactivation: true, failure: null });
    actor.send({ type: 'deactivation.cancel' });
    expect(setting().confirmingDeactivation).toBe(false);
    expect(calls.filter(([n]) => n === 'deactivate')).toEqual([]);

    actor.send({ type: 'deactivation.start' });
    actor.send({ type: 'deactivation.confirm', payload: { password: 'Secure2026' } });
    await waitFor(actor, (s) => s.matches({ manage: { deactivation: 'failed' } }));
    expect(setting()).toMatchObject({ confirmingDeactivation: true, failure: { kind: 'generic' } });

    answer = 'wrong';
    actor.send({ type: 'deactivation.confirm', payload: { one_time_password: '123456' } });
    await waitFor(actor, (s) => s.matches({ manage: { deactivation: 'failed' } }));
    expect(setting()).toMatchObject({
      confirmingDeactivation: true,
      failure: { kind: 'server', message: 'The password or code is incorrect. Two-factor authentication stays on.' },
    });
    // Typing again clears the stale reason; the dialog stays open.
    actor.send({ type: 'proof.edit' });
    expect(setting()).toMatchObject({ confirmingDeactivation: true, failure: null });

    answer = 'ok';
    actor.send({ type: 'deactivation.confirm', payload: { one_time_password: '654321' } });
    await waitFor(actor, (s) => s.matches({ manage: 'deactivated' }));
    expect(setting().step).toBe('deactivated');
    expect(calls.filter(([n]) => n === 'deactivate').map(([, input]) => input)).toEqual([
      { password: 'Secure2026' },
      { one_time_password: '123456' },
      { one_time_password: '654321' },
    ]);
  });

  it('two-factor on and required by the app (SPEC §4): the page says it stays on, with no turn-off', async () => {
    const { actor, setting } = start({ info: async () => ({ enabled: true, pending: false, required: true }) });
    actor.send({ type: 'manage.start' });
    await waitFor(actor, (s) => s.matches({ manage: 'enabled' }), { what: 'manage.enabled' });
    expect(setting()).toMatchObject({ step: 'on', required: true, confirmingDeactivation: false });
  });

  it('closes the dialog on cancel after a refusal, with no reason left on the page', async () => {
    const { actor, setting } = start({
      info: async () => ({ enabled: true, pending: false, required: false }),
      deactivate: async () => Promise.reject(new SubmissionError('The password or code is incorrect. Two-factor authentication stays on.')),
    });
    actor.send({ type: 'manage.start' });
    await waitFor(actor, (s) => s.matches({ manage: 'enabled' }));
    actor.send({ type: 'deactivation.start' });
    actor.send({ type: 'deactivation.confirm', payload: { password: 'Wrong2026' } });
    await waitFor(actor, (s) => s.matches({ manage: { deactivation: 'failed' } }));
    actor.send({ type: 'deactivation.cancel' });
    expect(setting()).toMatchObject({ step: 'on', confirmingDeactivation: false, failure: null });
  });

  it('NotAuthenticated (the session never passed two-factor) asks for a new sign-in', async () => {
    const { actor, setting } = start({
      info: async () => ({ enabled: true, pending: false, required: false }),
      deactivate: async () => Promise.reject(new SecondFactorMissingError('Please complete two-factor authentication first.')),
    });
    actor.send({ type: 'manage.start' });
    await waitFor(actor, (s) => s.matches({ manage: 'enabled' }));
    actor.send({ type: 'deactivation.start' });
    actor.send({ type: 'deactivation.confirm', payload: { password: 'Secure2026' } });
    await waitFor(actor, (s) => s.matches({ manage: 'signInAgain' }));
    expect(setting()).toMatchObject({ step: 'signInAgain', failure: { kind: 'server', message: 'Please complete two-factor authentication first.' } });
  });

  it('a failed status load can be retried', async () => {
    let tries = 0;
    const { actor, setting } = start({
      info: async () => (++tries === 1 ? Promise.reject(new SubmissionError('Cannot reach the server.')) : { enabled: false, pending: true, required: false }),
    });
    actor.send({ type: 'manage.start' });
    await waitFor(actor, (s) => s.matches({ manage: 'loadFailed' }));
    expect(setting()).toMatchObject({ step: 'loadFailed', failure: { kind: 'server', message: 'Cannot reach the server.' } });
    actor.send({ type: 'info.retry' });
    await waitFor(actor, (s) => s.matches({ manage: 'disabled' }));
    expect(setting().failure).toBeNull();
  });
});

describe('groupSecret', () => {
  it('groups a base32 secret by four for reading', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('ABCDEF')).toBe('ABCD EF');
    expect(groupSecret(' AB CD ')).toBe('ABCD');
  });
});
