import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { waitFor } from '../testing/wait-for';
import { createFormSubmissionMachine } from './form-submission.machine';
import { selectFormSubmission } from './form-submission.selectors';
import { SubmissionError } from '../shared/submission-error';

interface Payload {
  name: string;
}
const machine = createFormSubmissionMachine<Payload, number>('demoForm');

function start(submit: (input: Payload) => Promise<number>) {
  const inputs: Payload[] = [];
  const actor = createActor(
    machine.provide({
      actors: {
        submit: fromPromise<number, Payload>(({ input }) => {
          inputs.push(input);
          return submit(input);
        }),
      },
    }),
  ).start();
  return { actor, inputs, view: () => selectFormSubmission(actor.getSnapshot()) };
}

describe('form-submission machine (generic)', () => {
  it('keeps the typed result of the submit actor once succeeded', async () => {
    const { actor, inputs, view } = start(async (input) => input.name.length);
    expect(view()).toEqual({ busy: false, failure: null, result: null });
    actor.send({ type: 'form.submit', payload: { name: 'agent' } });
    expect(view().busy).toBe(true);
    await waitFor(actor, (s) => s.status === 'done');
    expect(inputs).toEqual([{ name: 'agent' }]);
    expect(view()).toEqual({ busy: false, failure: null, result: { value: 5 } });
  });

  it('fails with the server message, clears it on edit, and succeeds on a new submit', async () => {
    let attempt = 0;
    const { actor, view } = start(async () => {
      attempt += 1;
      if (attempt === 1) throw new SubmissionError('No.');
      return 0;
    });
    actor.send({ type: 'form.submit', payload: { name: 'a' } });
    await waitFor(actor, (s) => s.value === 'failed');
    expect(view().failure).toEqual({ kind: 'server', message: 'No.' });
    actor.send({ type: 'form.edit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(view().failure).toBeNull();
    actor.send({ type: 'form.submit', payload: { name: 'a' } });
    await waitFor(actor, (s) => s.status === 'done');
    // A falsy result is still a result.
    expect(view().result).toEqual({ value: 0 });
  });

  it('names the missing provider when the placeholder runs', async () => {
    const actor = createActor(machine).start();
    actor.send({ type: 'form.submit', payload: { name: 'a' } });
    await waitFor(actor, (s) => s.value === 'failed');
    expect(actor.getSnapshot().context).toEqual({ result: null, error: null });
  });
});
