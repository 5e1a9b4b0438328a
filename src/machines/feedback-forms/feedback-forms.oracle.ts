import type { Oracle, OracleEvent } from '../testing/model-coverage';
import type { FeedbackFormsSnapshot } from './feedback-forms.selectors';
import { selectFeedbackFormsView } from './feedback-forms.selectors';

// The expectation of the feedback-forms machine, written from the spec (SPEC §4: evaluation and the
// feedback form only after completion, the form only once; ADR 026), not read from the machine:
// (state, event) → next state; an event missing from a row is refused (DESIGN §4, ADR 022).

/** Where a loaded form leads, from its standing alone. */
function afterLoad(event: OracleEvent): string {
  const availability = (event.output as { availability: string }).availability;
  return availability === 'course_incomplete' ? 'notAvailable' : availability === 'submitted' ? 'alreadySubmitted' : 'filling';
}

/** A refused submission: "already submitted" (409) ends the form; anything else can be tried again. */
function afterRefusal(event: OracleEvent): string {
  return (event.error as { name?: string }).name === 'FeedbackAlreadySubmittedError' ? 'alreadySubmitted' : 'failed';
}

export const feedbackFormsOracle: Oracle<FeedbackFormsSnapshot> = {
  table: {
    loading: { 'xstate.done.actor.load': afterLoad, 'xstate.error.actor.load': 'loadFailed' },
    loadFailed: { retry: 'loading' },
    notAvailable: {},
    filling: { 'form.submit': 'submitting' },
    submitting: { 'xstate.done.actor.submit': 'submitted', 'xstate.error.actor.submit': afterRefusal },
    failed: { 'form.submit': 'submitting', 'form.edit': 'filling' },
    submitted: {},
    alreadySubmitted: {},
  },
  // What the view offers, from the view model: Try again only after a failed load; the submit
  // button while the form is shown and not busy (a second click while submitting does nothing).
  offers: (s) => {
    const view = selectFeedbackFormsView(s);
    return { retry: view.canRetry, 'form.submit': view.canSubmit && !view.busy };
  },
};
