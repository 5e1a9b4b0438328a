import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { changePasswordMachine } from './change-password.machine';
import { selectChangePasswordView } from './change-password.selectors';
import { SubmissionError } from '../shared/submission-error';
import { formSubmissionOracle } from '../form-submission/form-submission.oracle';
import { modelPaths, replayRuns, uncovered } from '../testing/model-coverage';

const payload = { old_password: 'Joiner2026', new_password: 'Fresh2026ab', confirm_password: 'Fresh2026ab' };
const actorIds = ['submit'];
const events = [
  { type: 'form.submit', payload },
  { type: 'form.edit' },
  { type: 'xstate.done.actor.submit' },
  { type: 'xstate.error.actor.submit', error: new SubmissionError('The current password is incorrect.') },
  { type: 'xstate.error.actor.submit', error: new Error('socket hang up') },
];

const paths = modelPaths(changePasswordMachine, events);

function checkInvariants(live: AnyMachineSnapshot, calls: (id: string) => unknown[]) {
  const view = selectChangePasswordView(live as Parameters<typeof selectChangePasswordView>[0]);
  expect(view.busy).toBe(live.matches('submitting'));
  expect(view.changed).toBe(live.matches('succeeded'));
  expect(view.failure === null).toBe(!live.matches('failed'));
  if (live.matches('submitting')) expect(calls('submit').at(-1)).toEqual(payload);
  expect(JSON.stringify(view)).not.toContain('socket hang up');
}

describe('change-password machine, model-based', () => {
  it(`replays ${paths.length} generated paths against the form spec table; every state and transition is covered`, async () => {
    const result = await replayRuns(changePasswordMachine, [{ paths }], {
      actorIds,
      events,
      oracle: formSubmissionOracle,
      check: (live, _step, calls) => checkInvariants(live, calls),
    });
    expect(result.uncovered).toEqual({ states: [], transitions: [] });
  });

  it('would notice a state no path reaches', async () => {
    const partial = modelPaths(changePasswordMachine, events.filter((e) => e.type !== 'xstate.done.actor.submit'));
    const missing = await uncovered(changePasswordMachine, partial, actorIds);
    expect(missing.states).toEqual(['changePassword.succeeded']);
  });
});
