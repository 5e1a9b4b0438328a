import { callRoute } from './call-route';
import type { CallOptions } from './list-query';
import type { FeedbackForm, FeedbackReceipt, FeedbackSubmission } from './schemas/feedback-forms.schema';
import { getFeedbackFormRoute, submitFeedbackFormRoute } from './schemas/feedback-forms.routes';

// Issue 13, ADR 026: evaluation and the feedback form of a completed course.

/** GET courses/{id}/feedback-form: the form and the caller's standing. */
export function getFeedbackForm(courseId: string, { signal }: CallOptions = {}): Promise<FeedbackForm> {
  return callRoute(getFeedbackFormRoute, { params: { id: courseId }, signal });
}

/** POST courses/{id}/feedback-form: once; the same key again answers the stored receipt, another 409. */
export function submitFeedbackForm(courseId: string, submission: FeedbackSubmission): Promise<FeedbackReceipt> {
  return callRoute(submitFeedbackFormRoute, { params: { id: courseId }, body: submission });
}
