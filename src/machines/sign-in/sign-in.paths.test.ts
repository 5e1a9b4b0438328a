import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { signInMachine } from './sign-in.machine';
import { selectSignInView } from './sign-in.selectors';
import { SubmissionError } from '../shared/submission-error';
import { formSubmissionOracle } from '../form-submission/form-submission.oracle';
import { modelPaths, replayRuns, uncovered } from '../testing/model-coverage';

const payload = { external_id: 'agent01', password: 'Learner2026' };
const actorIds = ['submit'];
const events = [
  { type: 'form.submit', payload },
  { type: 'form.edit' },
  { type: 'xstate.done.actor.submit', output: { kind: 'signedIn' } },
  { type: 'xstate.done.actor.submit', output: { kind: 'codeRequired', credentials: payload } },
  { type: 'xstate.error.actor.submit', error: new SubmissionError('Agent code or password is incorrect') },
  { type: 'xstate.error.actor.submit', error: new TypeError('Failed to fetch') },
];

const paths = modelPaths(signInMachine, events);

// What every reachable state must look like, whatever the path that led there.
function checkInvariants(live: AnyMachineSnapshot, calls: (id: string) => unknown[]) {
  const view = selectSignInView(live as Parameters<typeof selectSignInView>[0]);
  expect(view.busy).toBe(live.matches('submitting'));
  const codeRequired = live.matches('succeeded') && (live.context as { result: { kind: string } }).result.kind === 'codeRequired';
  expect(view.succeeded).toBe(live.matches('succeeded') && !codeRequired);
  // Only the code step receives the credentials, and only the ones just submitted.
  expect(view.codeFor).toEqual(codeRequired ? payload : null);
  expect(view.failure === null).toBe(!live.matches('failed'));
  if (live.matches('submitting')) expect(calls('submit').at(-1)).toEqual(payload);
  // The raw text of an unexpected error is never shown.
  expect(JSON.stringify(view)).not.toContain('Failed to fetch');
}

describe('sign-in machine, model-based', () => {
  it(`replays ${paths.length} generated paths against the form spec table; every state and transition is covered`, async () => {
    const result = await replayRuns(signInMachine, [{ paths }], {
      actorIds,
      events,
      oracle: formSubmissionOracle,
      check: (live, _step, calls) => checkInvariants(live, calls),
    });
    expect(result.uncovered).toEqual({ states: [], transitions: [] });
  });

  it('would notice a transition no path takes', async () => {
    const partial = modelPaths(signInMachine, events.filter((e) => e.type !== 'form.edit'));
    const missing = await uncovered(signInMachine, partial, actorIds);
    expect(missing.transitions).toEqual([expect.stringContaining('signIn.failed --form.edit')]);
  });
});
