import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { waitFor } from '../testing/wait-for';
import type { LoginPayload } from '../../api/schemas/sign-in.schema';
import { signInMachine, signInOutcome } from './sign-in.machine';
import { selectSignInView } from './sign-in.selectors';
import { SubmissionError } from '../shared/submission-error';
import { CodeRequiredError } from '../two-factor/two-factor.errors';

const payload: LoginPayload = { external_id: 'agent01', password: 'Learner2026' };

function start(submit: (input: LoginPayload) => Promise<void>) {
  const inputs: LoginPayload[] = [];
  const actor = createActor(
    signInMachine.provide({
      actors: {
        submit: fromPromise(({ input }: { input: LoginPayload }) => {
          inputs.push(input);
          return signInOutcome(submit(input));
        }),
      },
    }),
  ).start();
  return { actor, inputs, view: () => selectSignInView(actor.getSnapshot()) };
}

describe('sign-in machine', () => {
  it('starts editing, with nothing to show', () => {
    const { view } = start(async () => {});
    expect(view()).toEqual({ busy: false, failure: null, succeeded: false, codeFor: null });
  });

  it('submits the payload, is busy meanwhile, and ends succeeded', async () => {
    let finish!: () => void;
    const { actor, inputs, view } = start(() => new Promise<void>((r) => (finish = r)));
    actor.send({ type: 'form.submit', payload });
    expect(view().busy).toBe(true);
    expect(inputs).toEqual([payload]);
    finish();
    await waitFor(actor, (s) => s.status === 'done');
    expect(view()).toEqual({ busy: false, failure: null, succeeded: true, codeFor: null });
  });

  it('ignores a second submit while one is running', () => {
    const { actor, inputs } = start(() => new Promise<void>(() => {}));
    actor.send({ type: 'form.submit', payload });
    actor.send({ type: 'form.submit', payload: { ...payload, password: 'Other2026' } });
    expect(inputs).toHaveLength(1);
  });

  it("keeps the server's message on failure", async () => {
    const { actor, view } = start(async () => {
      throw new SubmissionError('Agent code or password is incorrect');
    });
    actor.send({ type: 'form.submit', payload });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(view().failure).toEqual({ kind: 'server', message: 'Agent code or password is incorrect' });
  });

  it('shows a generic failure (never raw exception text) for an unexpected error', async () => {
    const { actor, view } = start(async () => {
      throw new TypeError('Failed to fetch');
    });
    actor.send({ type: 'form.submit', payload });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(view().failure).toEqual({ kind: 'generic' });
  });

  it('clears the failure when the user edits, and again when resubmitting', async () => {
    let attempt = 0;
    const { actor, view, inputs } = start(async () => {
      attempt += 1;
      if (attempt < 3) throw new SubmissionError(`wrong ${attempt}`);
    });
    actor.send({ type: 'form.submit', payload });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'form.edit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(view().failure).toBeNull();

    actor.send({ type: 'form.submit', payload });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(view().failure).toEqual({ kind: 'server', message: 'wrong 2' });
    actor.send({ type: 'form.submit', payload });
    expect(view().failure).toBeNull();
    await waitFor(actor, (s) => s.status === 'done');
    expect(inputs).toHaveLength(3);
  });

  it('the placeholder actor refuses to run unprovided', async () => {
    const actor = createActor(signInMachine).start();
    actor.send({ type: 'form.submit', payload });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(actor.getSnapshot().context.result).toBeNull();
  });

  it('hands the credentials to the code step when the account has two-factor on (MissingCredential)', async () => {
    const { actor, view } = start(async (input) => {
      throw new CodeRequiredError('Enter the 6-digit code from your authenticator app.', input);
    });
    actor.send({ type: 'form.submit', payload });
    await waitFor(actor, (s) => s.status === 'done');
    expect(view()).toEqual({ busy: false, failure: null, succeeded: false, codeFor: payload });
  });
});
