import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { accountMergeMachine } from './account-merge.machine';
import { accountMergeOracle } from './account-merge.oracle';
import { selectAccountMergeView } from './account-merge.selectors';
import { SubmissionError } from '../shared/submission-error';
import { modelPaths, replayRuns } from '../testing/model-coverage';

const request = { agent_code: 'agent10', company_email: 'agent10@agent-academy.test' };
const signIn = { agent_code: 'agent10', password: 'Learner2026' };
const sent = { email: 'agent10@agent-academy.test', expires_at: '2026-01-15T10:00:00.000Z' };
const account = (external_id: string) => ({ external_id, name: external_id });
const preview = {
  recruit: account('recruit01'),
  agent: account('agent10'),
  moves: [{ table: 'course_likes', count: 1 }],
  combined: [{ table: 'course_enrolments', count: 1 }],
  conflicts: [],
  courses: ['Time Management for New Agents'],
  classroom: ['Compliance Refresher'],
  undo_days: 7,
  expires_at: sent.expires_at,
};
const result = { merge_id: '1', recruit: preview.recruit, agent: preview.agent, moves: preview.moves, combined: preview.combined, conflicts: [], undo_token: 'undo', undo_until: '2026-01-22T10:00:00.000Z' };
const undone = { recruit: preview.recruit, agent: preview.agent };
const cannotIdentify = 'We cannot identify your agent code or company email.';
const actorIds = ['requestMerge', 'loadPreview', 'completeMerge', 'undoMerge'];
const events = [
  { type: 'form.submit', payload: request },
  { type: 'link.open', token: 'tok' },
  { type: 'form.edit' },
  { type: 'merge.confirm', payload: signIn },
  { type: 'xstate.done.actor.requestMerge', output: sent },
  { type: 'xstate.error.actor.requestMerge', error: new SubmissionError(cannotIdentify) },
  { type: 'xstate.error.actor.requestMerge', error: new TypeError('Failed to fetch') },
  { type: 'xstate.done.actor.loadPreview', output: preview },
  { type: 'xstate.error.actor.loadPreview', error: new SubmissionError('This verification link has already been used.') },
  { type: 'xstate.done.actor.completeMerge', output: result },
  { type: 'xstate.error.actor.completeMerge', error: new SubmissionError('The agent code or password is incorrect.') },
  { type: 'merge.undo' },
  { type: 'undo.open', undoToken: 'mailed' },
  { type: 'xstate.done.actor.undoMerge', output: undone },
  { type: 'xstate.error.actor.undoMerge', error: new SubmissionError('This merge has already been undone.') },
];

function check(live: AnyMachineSnapshot, event: { type: string; error?: unknown }, calls: (id: string) => unknown[]) {
  const view = selectAccountMergeView(live as Parameters<typeof selectAccountMergeView>[0]);
  expect(view.busy).toBe(live.matches('requesting') || live.matches('loadingPreview') || live.matches('completing') || live.matches('undoing'));
  if (event.type.startsWith('xstate.error.actor.')) {
    const expected = event.error instanceof SubmissionError ? { kind: 'server', message: event.error.serverMessage } : { kind: 'generic' };
    expect(live.matches('linkFailed') ? view.linkError : live.matches('undoFailed') ? view.undoError : view.failure).toEqual(expected);
  }
  // The undo sends the token the merge answered, and is offered on the done page only.
  // The done page's undo sends the merge's token; the emailed link's page sends the link's.
  if (live.matches('undoing')) expect(calls('undoMerge').at(-1)).toEqual({ undo_token: live.context.result ? 'undo' : 'mailed' });
  expect(view.canUndo).toBe(live.matches('done') || live.matches('undoFailed') || live.matches('undoOffered'));
  if (live.matches('undoOffered')) expect(view.step).toBe('undoOffer');
  if (live.matches('undone')) expect(view).toMatchObject({ step: 'undone', undone });
  if (live.matches('requesting')) expect(calls('requestMerge').at(-1)).toEqual(request);
  if (live.matches('loadingPreview')) expect(calls('loadPreview').at(-1)).toEqual({ token: 'tok' });
  // The link's token goes with the agent's sign-in: the merge is the one the email offered.
  if (live.matches('completing')) expect(calls('completeMerge').at(-1)).toEqual({ token: 'tok', ...signIn });
  if (live.matches('sent')) expect(view.sent).toEqual(sent);
  if (live.matches('done') || ((live.matches('undoing') || live.matches('undoFailed')) && live.context.result)) expect(view).toMatchObject({ step: 'done', result });
  if (view.step === 'preview') expect(view.preview).toEqual(preview);
  expect(JSON.stringify(view)).not.toContain('Failed to fetch');
}

describe('account-merge machine, model-based', () => {
  it('replays the generated paths of both pages against the spec table; every state and transition is covered', async () => {
    const result = await replayRuns(accountMergeMachine, [{ paths: modelPaths(accountMergeMachine, events) }], {
      actorIds,
      events,
      oracle: accountMergeOracle,
      check: (live, step, calls) => check(live, step.event, calls),
    });
    expect(result.paths).toBeGreaterThan(20);
    expect(result.uncovered).toEqual({ states: [], transitions: [] });
  });
});
