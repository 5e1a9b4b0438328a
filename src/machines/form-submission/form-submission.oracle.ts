import type { AnyMachineSnapshot } from 'xstate';
import type { Oracle } from '../testing/model-coverage';
import { selectFormSubmission, type FormSubmissionSnapshot } from './form-submission.selectors';

// The oracle of every submit form (sign-in, forgot password, reset password, change password and
// the forms to come), written from SPEC §4 (the forms' rules) and DESIGN (a submit button is disabled
// while busy), not read off the machine (ADR 022): per state, the events it accepts and where they
// lead; every other event is refused. Used by each form's `*.paths.test.ts` through the shared
// harness (src/machines/testing/model-coverage.ts).
export const formSubmissionOracle: Oracle = {
  table: {
    // The form as typed: only a submit moves it (typing changes nothing the flow knows).
    editing: { 'form.submit': 'submitting' },
    // One request at a time: while it is under way only its answer counts.
    submitting: { 'xstate.done.actor.submit': 'succeeded', 'xstate.error.actor.submit': 'failed' },
    // The failure stays on screen until the user changes a field or submits again.
    failed: { 'form.edit': 'editing', 'form.submit': 'submitting' },
    // Done: the page moves on (signed in, the code step, the sent text, the changed password).
    succeeded: {},
  },
  // The submit button: enabled unless a request is under way or the form is done.
  offers: (s: AnyMachineSnapshot) => {
    const view = selectFormSubmission(s as FormSubmissionSnapshot<unknown, unknown>);
    return { 'form.submit': !view.busy && view.result === null };
  },
};
