import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { SubmissionError } from '../shared/submission-error';
import { modelPaths, replayRuns, type Oracle } from '../testing/model-coverage';
import { formOf, samplePayload } from './feedback-forms.fixtures';
import { FeedbackAlreadySubmittedError, feedbackFormsMachine } from './feedback-forms.machine';
import { feedbackFormsOracle } from './feedback-forms.oracle';
import { selectFeedbackFormsView, type FeedbackFormsSnapshot } from './feedback-forms.selectors';

// Model-based (DESIGN §4, ADR 022): every path of the real machine, replayed into a live actor
// whose load and submit the test settles by hand, checked at each step against the oracle written
// from the spec (feedback-forms.oracle.ts) and the view model's invariants.

const input = { courseId: '2', key: 'page-key-0001' };
const actorIds = ['load', 'submit'];
const events = [
  { type: 'retry' },
  { type: 'form.submit', payload: samplePayload },
  { type: 'form.edit' },
  { type: 'xstate.done.actor.load', output: formOf('available') },
  { type: 'xstate.done.actor.load', output: formOf('course_incomplete') },
  { type: 'xstate.done.actor.load', output: formOf('submitted') },
  { type: 'xstate.error.actor.load', error: new SubmissionError('The service is unavailable.') },
  { type: 'xstate.done.actor.submit', output: { submitted_at: '2026-11-24T10:00:00.000Z' } },
  { type: 'xstate.error.actor.submit', error: new FeedbackAlreadySubmittedError('Already submitted.') },
  { type: 'xstate.error.actor.submit', error: new SubmissionError('Please answer every required question.') },
  { type: 'xstate.error.actor.submit', error: new TypeError('Failed to fetch') },
];

const paths = modelPaths(feedbackFormsMachine, events, { input });

function checkInvariants(live: AnyMachineSnapshot, calls: (id: string) => unknown[]) {
  const view = selectFeedbackFormsView(live as FeedbackFormsSnapshot);
  // The form shows questions only while it can be filled; a final page never offers a submit.
  if (['notAvailable', 'alreadySubmitted', 'submitted', 'loading', 'loadFailed'].includes(view.status)) expect(view.canSubmit).toBe(false);
  if (view.status === 'submitted' || view.status === 'alreadySubmitted') expect(live.status).toBe('done');
  if (view.status === 'submitted') expect(view.submittedAt).not.toBeNull();
  // Every submission of this page carries the page's one key (the server stores one row for it).
  for (const call of calls('submit')) expect(call).toMatchObject({ courseId: '2', key: 'page-key-0001' });
  for (const call of calls('load')) expect(call).toBe('2');
  expect(view.failure === null).toBe(view.status !== 'failed' && view.status !== 'loadFailed');
  expect(JSON.stringify(view)).not.toContain('Failed to fetch');
}

describe('feedback-forms machine, model-based', () => {
  it(`replays ${paths.length} generated paths against the spec table; every state and transition is covered`, async () => {
    const result = await replayRuns(feedbackFormsMachine, [{ input, paths }], {
      actorIds,
      events,
      oracle: feedbackFormsOracle as Oracle,
      check: (live, _step, calls) => checkInvariants(live, calls),
    });
    expect(result.uncovered).toEqual({ states: [], transitions: [] });
  });
});
