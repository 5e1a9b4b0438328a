import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { FeedbackForm, FeedbackReceipt } from '../../api/schemas/feedback-forms.schema';
import { SubmissionError } from '../shared/submission-error';
import { waitFor } from '../testing/wait-for';
import { formOf, samplePayload } from './feedback-forms.fixtures';
import { FeedbackAlreadySubmittedError, feedbackFormsMachine, type FeedbackSubmitInput } from './feedback-forms.machine';
import { selectFeedbackFormsView } from './feedback-forms.selectors';

type Outcome<T> = T | Error;

/** The machine with a load and a submit that answer from lists of outcomes, one per call. */
function start(loads: Outcome<FeedbackForm>[], submits: Outcome<FeedbackReceipt>[] = []) {
  const sent: FeedbackSubmitInput[] = [];
  const load = fromPromise<FeedbackForm, string>(async () => {
    const next = loads.shift()!;
    if (next instanceof Error) throw next;
    return next;
  });
  const submit = fromPromise<FeedbackReceipt, FeedbackSubmitInput>(async ({ input }) => {
    sent.push(input);
    const next = submits.shift()!;
    if (next instanceof Error) throw next;
    return next;
  });
  const actor = createActor(feedbackFormsMachine.provide({ actors: { load, submit } }), { input: { courseId: '2', key: 'page-key-0001' } }).start();
  return { actor, sent, view: () => selectFeedbackFormsView(actor.getSnapshot()) };
}
const receipt = { submitted_at: '2026-11-24T10:00:00.000Z' };

describe('feedback-forms machine', () => {
  it('loads a completed course’s form, submits it once with the page’s key, and is done', async () => {
    const { actor, sent, view } = start([formOf('available')], [receipt]);
    expect(view()).toMatchObject({ status: 'loading', busy: true, canSubmit: false, canRetry: false });
    await waitFor(actor, (s) => s.matches('filling'));
    expect(view()).toMatchObject({ status: 'filling', busy: false, canSubmit: true, questions: formOf('available').questions });
    actor.send({ type: 'form.submit', payload: samplePayload });
    expect(view()).toMatchObject({ status: 'submitting', busy: true, canSubmit: false });
    // A second click while the first is under way changes nothing and sends nothing.
    actor.send({ type: 'form.submit', payload: samplePayload });
    await waitFor(actor, (s) => s.matches('submitted'));
    expect(sent).toEqual([{ courseId: '2', key: 'page-key-0001', ...samplePayload }]);
    expect(view()).toMatchObject({ status: 'submitted', submittedAt: receipt.submitted_at, busy: false, canSubmit: false });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('a course not completed shows that the form is not available yet', async () => {
    const { actor, view } = start([formOf('course_incomplete')]);
    await waitFor(actor, (s) => s.matches('notAvailable'));
    expect(view()).toMatchObject({ status: 'notAvailable', canSubmit: false, questions: [] });
  });

  it('a form submitted before shows "already submitted" with its date', async () => {
    const { actor, view } = start([formOf('submitted')]);
    await waitFor(actor, (s) => s.matches('alreadySubmitted'));
    expect(view()).toMatchObject({ status: 'alreadySubmitted', submittedAt: '2026-10-01T08:00:00.000Z', refusal: null, canSubmit: false });
  });

  it('a 409 (another tab, Back and resubmit) ends in "already submitted" with the server’s words', async () => {
    const { actor, view } = start([formOf('available')], [new FeedbackAlreadySubmittedError('Already submitted.')]);
    await waitFor(actor, (s) => s.matches('filling'));
    actor.send({ type: 'form.submit', payload: samplePayload });
    await waitFor(actor, (s) => s.matches('alreadySubmitted'));
    expect(view()).toMatchObject({ status: 'alreadySubmitted', refusal: 'Already submitted.', failure: null });
  });

  it('another refusal keeps the form: the server’s message, then edit or submit again (same key)', async () => {
    const { actor, sent, view } = start([formOf('available')], [new SubmissionError('Please answer every required question.'), new TypeError('Failed to fetch'), receipt]);
    await waitFor(actor, (s) => s.matches('filling'));
    actor.send({ type: 'form.submit', payload: samplePayload });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(view()).toMatchObject({ status: 'failed', canSubmit: true, failure: { kind: 'server', message: 'Please answer every required question.' } });
    actor.send({ type: 'form.edit' });
    expect(view()).toMatchObject({ status: 'filling', failure: null });
    actor.send({ type: 'form.submit', payload: samplePayload });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(view().failure).toEqual({ kind: 'generic' });
    actor.send({ type: 'form.submit', payload: samplePayload });
    await waitFor(actor, (s) => s.matches('submitted'));
    expect(new Set(sent.map((s) => s.key))).toEqual(new Set(['page-key-0001']));
  });

  it('a failed load offers retry, which loads again', async () => {
    const { actor, view } = start([new SubmissionError('The service is unavailable.'), formOf('available')]);
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(view()).toMatchObject({ status: 'loadFailed', canRetry: true, failure: { kind: 'server', message: 'The service is unavailable.' } });
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('filling'));
    expect(view().failure).toBeNull();
  });
});
