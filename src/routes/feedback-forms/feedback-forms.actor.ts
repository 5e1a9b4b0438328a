import { fromPromise } from 'xstate';
import { ApiRequestError } from '../../api/api-error';
import { getFeedbackForm, submitFeedbackForm } from '../../api/feedback-forms.api';
import type { FeedbackForm, FeedbackReceipt } from '../../api/schemas/feedback-forms.schema';
import { FeedbackAlreadySubmittedError, feedbackFormsMachine, type FeedbackSubmitInput } from '../../machines/feedback-forms/feedback-forms.machine';
import { toSubmissionError } from '../submission';

/** A 409 of the submission is "already submitted" (another tab, Back and resubmit): its own outcome. */
export function toFeedbackError(error: unknown): Error {
  if (error instanceof ApiRequestError && error.status === 409) return new FeedbackAlreadySubmittedError(error.message);
  return toSubmissionError(error);
}

/** The one place the feedback-forms machine meets the API (DESIGN §2). */
export const feedbackFormsRouteMachine = feedbackFormsMachine.provide({
  actors: {
    load: fromPromise<FeedbackForm, string>(async ({ input, signal }) => {
      try {
        return await getFeedbackForm(input, { signal });
      } catch (error) {
        throw toSubmissionError(error);
      }
    }),
    submit: fromPromise<FeedbackReceipt, FeedbackSubmitInput>(async ({ input: { courseId, key, evaluation, answers } }) => {
      try {
        return await submitFeedbackForm(courseId, { key, evaluation, answers });
      } catch (error) {
        throw toFeedbackError(error);
      }
    }),
  },
});
