import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { waitFor } from '../testing/wait-for';
import type { ForgetPasswordPayload } from '../../api/schemas/sign-in.schema';
import { forgotPasswordMachine } from './forgot-password.machine';
import { selectForgotPasswordView } from './forgot-password.selectors';
import { SubmissionError } from '../shared/submission-error';

const payload: ForgetPasswordPayload = { external_id: 'agent02', email: 'agent02@agent-academy.test' };

function start(submit: (input: ForgetPasswordPayload) => Promise<string>) {
  const inputs: ForgetPasswordPayload[] = [];
  const actor = createActor(
    forgotPasswordMachine.provide({
      actors: {
        submit: fromPromise<string, ForgetPasswordPayload>(({ input }) => {
          inputs.push(input);
          return submit(input);
        }),
      },
    }),
  ).start();
  return { actor, inputs, view: () => selectForgotPasswordView(actor.getSnapshot()) };
}

describe('forgot-password machine', () => {
  it("sends the request once and keeps the server's text", async () => {
    let finish!: (text: string) => void;
    const { actor, inputs, view } = start(() => new Promise<string>((r) => (finish = r)));
    expect(view()).toEqual({ busy: false, failure: null, sent: null });
    actor.send({ type: 'form.submit', payload });
    actor.send({ type: 'form.submit', payload });
    expect(view().busy).toBe(true);
    expect(inputs).toEqual([payload]);
    finish('If the agent code and email match, a reset email has been sent.');
    await waitFor(actor, (s) => s.status === 'done');
    expect(view()).toEqual({ busy: false, failure: null, sent: 'If the agent code and email match, a reset email has been sent.' });
  });

  it("shows the server's message on failure and clears it on edit", async () => {
    const { actor, view } = start(async () => {
      throw new SubmissionError('Too many requests. Try again later.');
    });
    actor.send({ type: 'form.submit', payload });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(view().failure).toEqual({ kind: 'server', message: 'Too many requests. Try again later.' });
    actor.send({ type: 'form.edit' });
    expect(view()).toEqual({ busy: false, failure: null, sent: null });
  });

  it('an unexpected error is a generic failure', async () => {
    const { actor, view } = start(async () => {
      throw new TypeError('Failed to fetch');
    });
    actor.send({ type: 'form.submit', payload });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(view().failure).toEqual({ kind: 'generic' });
  });
});
