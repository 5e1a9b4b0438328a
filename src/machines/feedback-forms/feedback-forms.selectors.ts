import type { SnapshotFrom } from 'xstate';
import type { FeedbackQuestion } from '../../api/schemas/feedback-forms.schema';
import { failureView, type FailureView } from '../shared/submission-error';
import type { feedbackFormsMachine } from './feedback-forms.machine';

export type FeedbackFormsSnapshot = SnapshotFrom<typeof feedbackFormsMachine>;

/** What the page shows: one of these, by the machine's state. */
export type FeedbackFormsStatus = 'loading' | 'loadFailed' | 'notAvailable' | 'alreadySubmitted' | 'filling' | 'submitting' | 'failed' | 'submitted';

export interface FeedbackFormsViewModel {
  status: FeedbackFormsStatus;
  questions: FeedbackQuestion[];
  /** ISO 8601, once submitted (now or before); null when the server did not say. */
  submittedAt: string | null;
  /** A load or submission is under way: the submit button cannot be pressed again. */
  busy: boolean;
  /** Why the load or the submission failed: the server's text, or the view's generic one. */
  failure: FailureView;
  /** The already-submitted notice is the server's answer to this page's submission (409). */
  refusal: string | null;
  /** The view offers "Try again" after a failed load (the paths test holds the machine to it). */
  canRetry: boolean;
  /** The form is shown and its submit button enabled (the paths test holds the machine to it). */
  canSubmit: boolean;
}

const STATUSES: FeedbackFormsStatus[] = ['loadFailed', 'notAvailable', 'alreadySubmitted', 'filling', 'submitting', 'failed', 'submitted'];

export function selectFeedbackFormsView(snapshot: FeedbackFormsSnapshot): FeedbackFormsViewModel {
  const status = STATUSES.find((s) => snapshot.matches(s)) ?? 'loading';
  const { form, submittedAt, error } = snapshot.context;
  return {
    status,
    questions: form?.questions ?? [],
    submittedAt,
    busy: snapshot.hasTag('busy'),
    failure: failureView(status === 'failed' || status === 'loadFailed', error),
    refusal: status === 'alreadySubmitted' ? error : null,
    canRetry: status === 'loadFailed',
    canSubmit: status === 'filling' || status === 'failed',
  };
}
