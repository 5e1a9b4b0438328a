import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { waitFor } from '../testing/wait-for';
import type { ChangePasswordPayload } from '../../api/schemas/password.schema';
import { changePasswordMachine } from './change-password.machine';
import { selectChangePasswordView } from './change-password.selectors';
import { SubmissionError } from '../shared/submission-error';

const payload: ChangePasswordPayload = { old_password: 'Joiner2026', new_password: 'Fresh2026ab', confirm_password: 'Fresh2026ab' };

function start(submit: (input: ChangePasswordPayload) => Promise<void>) {
  const inputs: ChangePasswordPayload[] = [];
  const actor = createActor(
    changePasswordMachine.provide({
      actors: {
        submit: fromPromise<void, ChangePasswordPayload>(({ input }) => {
          inputs.push(input);
          return submit(input);
        }),
      },
    }),
  ).start();
  return { actor, inputs, view: () => selectChangePasswordView(actor.getSnapshot()) };
}

describe('change-password machine', () => {
  it('starts editing', () => {
    expect(start(async () => {}).view()).toEqual({ busy: false, failure: null, changed: false });
  });

  it('sends the payload once, is busy meanwhile, and ends changed', async () => {
    let finish!: () => void;
    const { actor, inputs, view } = start(() => new Promise<void>((r) => (finish = r)));
    actor.send({ type: 'form.submit', payload });
    actor.send({ type: 'form.submit', payload });
    expect(view().busy).toBe(true);
    expect(inputs).toEqual([payload]);
    finish();
    await waitFor(actor, (s) => s.status === 'done');
    expect(view()).toEqual({ busy: false, failure: null, changed: true });
  });

  it("shows the server's message (e.g. wrong current password), then lets the user edit and retry", async () => {
    let attempt = 0;
    const { actor, view } = start(async () => {
      attempt += 1;
      if (attempt === 1) throw new SubmissionError('The current password is incorrect.');
    });
    actor.send({ type: 'form.submit', payload });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(view().failure).toEqual({ kind: 'server', message: 'The current password is incorrect.' });
    actor.send({ type: 'form.edit' });
    expect(view().failure).toBeNull();
    actor.send({ type: 'form.submit', payload });
    await waitFor(actor, (s) => s.status === 'done');
    expect(view().changed).toBe(true);
  });

  it('a network failure is a generic failure', async () => {
    const { actor, view } = start(async () => {
      throw new Error('socket hang up');
    });
    actor.send({ type: 'form.submit', payload });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(view().failure).toEqual({ kind: 'generic' });
  });
});
