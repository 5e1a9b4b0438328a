import type { LoginPayload } from '../../api/schemas/sign-in.schema';
import { createFormSubmissionMachine } from '../form-submission/form-submission.machine';
import { isCodeRequired } from '../two-factor/two-factor.errors';

/** How a sign-in that did not fail ends: signed in, or handed to the code step when the right
 * password belongs to an account with two-factor on (MissingCredential). */
export type SignInOutcome = { kind: 'signedIn' } | { kind: 'codeRequired'; credentials: LoginPayload };

/**
 * Sign-in form flow: the generic form submission (editing → submitting → succeeded | failed);
 * what is sign-in's own is the outcome: a success may hand the credentials on to the two-factor
 * code step. The login route provides `submit` (login + store token) through `signInOutcome`.
 */
export const signInMachine = createFormSubmissionMachine<LoginPayload, SignInOutcome>('signIn');

/** Turns a sign-in attempt into its outcome: a CodeRequiredError (two-factor is on) is a hand-off
 * to the code step, not a failure; any other rejection stays a failure. */
export async function signInOutcome(attempt: Promise<void>): Promise<SignInOutcome> {
  try {
    await attempt;
    return { kind: 'signedIn' };
  } catch (error) {
    if (isCodeRequired(error)) return { kind: 'codeRequired', credentials: error.credentials };
    throw error;
  }
}
