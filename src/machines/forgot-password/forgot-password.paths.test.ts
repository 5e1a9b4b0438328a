import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { forgotPasswordMachine } from './forgot-password.machine';
import { selectForgotPasswordView } from './forgot-password.selectors';
import { SubmissionError } from '../shared/submission-error';
import { formSubmissionOracle } from '../form-submission/form-submission.oracle';
import { modelPaths, replayRuns } from '../testing/model-coverage';

const payload = { external_id: 'agent02', email: 'agent02@agent-academy.test' };
const sentText = 'If the agent code and email match, a reset email has been sent.';
const actorIds = ['submit'];
const events = [
  { type: 'form.submit', payload },
  { type: 'form.edit' },
  { type: 'xstate.done.actor.submit', output: sentText },
  { type: 'xstate.error.actor.submit', error: new SubmissionError('Cannot send the reset email.') },
  { type: 'xstate.error.actor.submit', error: new TypeError('Failed to fetch') },
];

const paths = modelPaths(forgotPasswordMachine, events);

function checkInvariants(live: AnyMachineSnapshot, calls: (id: string) => unknown[]) {
  const view = selectForgotPasswordView(live as Parameters<typeof selectForgotPasswordView>[0]);
  expect(view.busy).toBe(live.matches('submitting'));
  expect(view.sent).toBe(live.matches('succeeded') ? sentText : null);
  expect(view.failure === null).toBe(!live.matches('failed'));
  if (live.matches('submitting')) expect(calls('submit').at(-1)).toEqual(payload);
  expect(JSON.stringify(view)).not.toContain('Failed to fetch');
}

describe('forgot-password machine, model-based', () => {
  it(`replays ${paths.length} generated paths against the form spec table; every state and transition is covered`, async () => {
    const result = await replayRuns(forgotPasswordMachine, [{ paths }], {
      actorIds,
      events,
      oracle: formSubmissionOracle,
      check: (live, _step, calls) => checkInvariants(live, calls),
    });
    expect(result.uncovered).toEqual({ states: [], transitions: [] });
  });
});
