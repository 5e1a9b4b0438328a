import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { resetPasswordMachine } from './reset-password.machine';
import { selectResetPasswordView } from './reset-password.selectors';
import { SubmissionError } from '../shared/submission-error';
import { formSubmissionOracle } from '../form-submission/form-submission.oracle';
import { modelPaths, replayRuns } from '../testing/model-coverage';

const payload = { token: 'abc', new_password: 'Fresh2026x', confirm_password: 'Fresh2026x' };
const invalidLink = 'This password reset link is invalid, has expired or has already been used. Please request a new one.';
const actorIds = ['submit'];
const events = [
  { type: 'form.submit', payload },
  { type: 'form.edit' },
  { type: 'xstate.done.actor.submit' },
  { type: 'xstate.error.actor.submit', error: new SubmissionError(invalidLink) },
  { type: 'xstate.error.actor.submit', error: new TypeError('Failed to fetch') },
];

const paths = modelPaths(resetPasswordMachine, events);

function checkInvariants(live: AnyMachineSnapshot, event: { type: string; error?: unknown }, calls: (id: string) => unknown[]) {
  const view = selectResetPasswordView(live as Parameters<typeof selectResetPasswordView>[0]);
  // The server's reason (an invalid or used link) is shown as it says it; anything else is generic.
  if (event.type === 'xstate.error.actor.submit') expect(view.failure).toEqual(event.error instanceof SubmissionError ? { kind: 'server', message: invalidLink } : { kind: 'generic' });
  expect(view.busy).toBe(live.matches('submitting'));
  expect(view.done).toBe(live.matches('succeeded'));
  expect(view.failure === null).toBe(!live.matches('failed'));
  if (view.failure?.kind === 'server') expect(view.failure.message).toBe(invalidLink);
  if (live.matches('submitting')) expect(calls('submit').at(-1)).toEqual(payload);
  expect(JSON.stringify(view)).not.toContain('Failed to fetch');
}

describe('reset-password machine, model-based', () => {
  it(`replays ${paths.length} generated paths against the form spec table; every state and transition is covered`, async () => {
    const result = await replayRuns(resetPasswordMachine, [{ paths }], {
      actorIds,
      events,
      oracle: formSubmissionOracle,
      check: (live, step, calls) => checkInvariants(live, step.event, calls),
    });
    expect(result.uncovered).toEqual({ states: [], transitions: [] });
  });
});
