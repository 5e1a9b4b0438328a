import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Evaluation, FeedbackAnswer, FeedbackForm, FeedbackReceipt } from '../../api/schemas/feedback-forms.schema';
import { failureMessage, SubmissionError } from '../shared/submission-error';

// Issue 13, ADR 026: evaluation and the feedback form of a course, submitted once.

/** What the form gives: the evaluation and the answers (the machine adds the course and the key). */
export interface FeedbackFormPayload {
  evaluation: Evaluation;
  answers: FeedbackAnswer[];
}

export interface FeedbackSubmitInput extends FeedbackFormPayload {
  courseId: string;
  key: string;
}

export interface FeedbackFormsInput {
  courseId: string;
  /** The form's idempotency key, made once per page (a double click or a retry sends the same). */
  key: string;
}

export interface FeedbackFormsContext {
  courseId: string;
  key: string;
  form: FeedbackForm | null;
  /** When the server stored it (this page's submission, or an earlier one). */
  submittedAt: string | null;
  /** The server's message after a failed load or submission; null: the view's generic text. */
  error: string | null;
}

export type FeedbackFormsEvent = { type: 'retry' } | { type: 'form.submit'; payload: FeedbackFormPayload } | { type: 'form.edit' };

const availabilityOf = (event: unknown) => (event as { output?: FeedbackForm }).output?.availability;

/** The server has a submission of this learner for this course already (409): the page says so. */
export class FeedbackAlreadySubmittedError extends SubmissionError {
  constructor(message: string | null) {
    super(message);
    this.name = 'FeedbackAlreadySubmittedError';
  }
}

/**
 * loading → notAvailable (course not completed) | alreadySubmitted | filling → submitting →
 * submitted | alreadySubmitted (409: another tab or an earlier page submitted) | failed → (edit)
 * filling / (submit) submitting; a failed load offers retry. `load` and `submit` are provided by
 * src/routes/feedback-forms/feedback-forms.actor.ts.
 */
export const feedbackFormsMachine = setup({
  types: {
    context: {} as FeedbackFormsContext,
    events: {} as FeedbackFormsEvent,
    input: {} as FeedbackFormsInput,
  },
  actors: {
    load: fromPromise<FeedbackForm, string>(async () => {
      throw new Error('load must be provided (src/routes/feedback-forms/feedback-forms.actor.ts)');
    }),
    submit: fromPromise<FeedbackReceipt, FeedbackSubmitInput>(async () => {
      throw new Error('submit must be provided (src/routes/feedback-forms/feedback-forms.actor.ts)');
    }),
  },
  guards: {
    courseIncomplete: ({ event }) => availabilityOf(event) === 'course_incomplete',
    submittedBefore: ({ event }) => availabilityOf(event) === 'submitted',
    alreadySubmitted: ({ event }) => (event as { error?: unknown }).error instanceof FeedbackAlreadySubmittedError,
  },
  actions: {
    clearError: assign({ error: null }),
    keepForm: assign(({ event }) => {
      const form = (event as unknown as { output: FeedbackForm }).output;
      return { form, submittedAt: form.submitted_at };
    }),
    keepError: assign({ error: ({ event }) => failureMessage((event as { error?: unknown }).error) }),
  },
}).createMachine({
  id: 'feedbackForms',
  initial: 'loading',
  context: ({ input }) => ({ courseId: input.courseId, key: input.key, form: null, submittedAt: null, error: null }),
  states: {
    loading: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => context.courseId,
        // Where the loaded form's standing leads.
        onDone: [
          // Nothing of the form is shown before completion (it carries no questions then).
          { guard: 'courseIncomplete', target: 'notAvailable' },
          { guard: 'submittedBefore', target: 'alreadySubmitted', actions: 'keepForm' },
          { target: 'filling', actions: 'keepForm' },
        ],
        onError: { target: 'loadFailed', actions: 'keepError' },
      },
    },
    loadFailed: {
      on: { retry: 'loading' },
    },
    notAvailable: { type: 'final' },
    filling: {
      on: { 'form.submit': 'submitting' },
    },
    submitting: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context, event }) => {
          assertEvent(event, 'form.submit');
          return { courseId: context.courseId, key: context.key, ...event.payload };
        },
        onDone: { target: 'submitted', actions: assign({ submittedAt: ({ event }) => event.output.submitted_at }) },
        onError: [
          { guard: 'alreadySubmitted', target: 'alreadySubmitted', actions: 'keepError' },
          { target: 'failed', actions: 'keepError' },
        ],
      },
    },
    failed: {
      on: {
        // The failure is shown only in `failed`; submitting clears it on entry.
        'form.edit': 'filling',
        'form.submit': 'submitting',
      },
    },
    submitted: { type: 'final' },
    alreadySubmitted: { type: 'final' },
  },
});
