import { fromPromise } from 'xstate';
import { login } from '../../api/sign-in.api';
import { MissingCredentialError } from '../../api/auth-errors';
import { setToken } from '../../platform/storage/token-storage';
import type { LoginPayload } from '../../api/schemas/sign-in.schema';
import { signInMachine, signInOutcome, type SignInOutcome } from '../../machines/sign-in/sign-in.machine';
import { CodeRequiredError } from '../../machines/two-factor/two-factor.errors';
import { toSubmissionError } from '../submission';

/** The real sign-in: POST auth/login, then the token is stored (SPEC §4). An account with
 * two-factor on answers MissingCredential: the code step takes over with the same credentials. */
async function attempt(input: LoginPayload): Promise<void> {
  try {
    setToken(await login(input));
  } catch (error) {
    if (error instanceof MissingCredentialError) throw new CodeRequiredError(error.message, input);
    throw toSubmissionError(error);
  }
}

export const submitSignIn = fromPromise<SignInOutcome, LoginPayload>(({ input }) => signInOutcome(attempt(input)));

export const signInRouteMachine = signInMachine.provide({ actors: { submit: submitSignIn } });
