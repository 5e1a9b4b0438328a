import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { formSubmissionOracle } from '../form-submission/form-submission.oracle';
import { SubmissionError } from '../shared/submission-error';
import { modelPaths, replayRuns } from '../testing/model-coverage';
import { recruitAccountsMachine } from './recruit-accounts.machine';
import { selectRecruitAccountsView } from './recruit-accounts.selectors';

const payload = { surname: 'Tam', given_name: 'Ka Ho', email: 'ka.ho@personal.test', manager_code: 'M0001', kind: 'recruit' as const };
const created = { id: '42', external_id: 'R0000042', name: 'Tam Ka Ho', email: payload.email, kind: 'recruit' as const, upline: { external_id: 'manager01', name: 'Cheung Wai Kit', manager_id: 'M0001' } };
const emailUsed = 'This email is already used by another account.';
const events = [
  { type: 'form.submit', payload },
  { type: 'form.edit' },
  { type: 'xstate.done.actor.submit', output: created },
  { type: 'xstate.error.actor.submit', error: new SubmissionError(emailUsed) },
  { type: 'xstate.error.actor.submit', error: new TypeError('Failed to fetch') },
];

function check(live: AnyMachineSnapshot, event: { type: string; error?: unknown }, calls: (id: string) => unknown[]) {
  const view = selectRecruitAccountsView(live as Parameters<typeof selectRecruitAccountsView>[0]);
  // The server's §8 reason is shown as it says it; anything else is the page's generic text.
  if (event.type === 'xstate.error.actor.submit') expect(view.failure).toEqual(event.error instanceof SubmissionError ? { kind: 'server', message: emailUsed } : { kind: 'generic' });
  expect(view.busy).toBe(live.matches('submitting'));
  expect(view.created).toEqual(live.matches('succeeded') ? created : null);
  if (live.matches('submitting')) expect(calls('submit').at(-1)).toEqual(payload);
  expect(JSON.stringify(view)).not.toContain('Failed to fetch');
}

describe('recruit-accounts machine, model-based', () => {
  it('replays the generated paths against the form spec table; every state and transition is covered', async () => {
    const result = await replayRuns(recruitAccountsMachine, [{ paths: modelPaths(recruitAccountsMachine, events) }], {
      actorIds: ['submit'],
      events,
      oracle: formSubmissionOracle,
      check: (live, step, calls) => check(live, step.event, calls),
    });
    expect(result.uncovered).toEqual({ states: [], transitions: [] });
  });
});
