import type { LoginPayload } from '../../api/schemas/sign-in.schema';
import { SubmissionError } from '../shared/submission-error';

// SPEC §7 client error tokens, as the machines see them: route actors turn the API's
// MissingCredentialError / NotAuthenticatedError into these, and the machines branch on them.

/** MissingCredential: the password was right and the account has two-factor on: ask for the code.
 * Carries the credentials, which 2fa/verify needs again with the code. */
export class CodeRequiredError extends SubmissionError {
  readonly credentials: LoginPayload;

  constructor(serverMessage: string | null, credentials: LoginPayload) {
    super(serverMessage);
    this.credentials = credentials;
    this.name = 'CodeRequiredError';
  }
}

/** NotAuthenticated: this session has not passed two-factor; only a new sign-in (with a code) helps. */
export class SecondFactorMissingError extends SubmissionError {
  constructor(serverMessage: string | null) {
    super(serverMessage);
    this.name = 'SecondFactorMissingError';
  }
}

export const isCodeRequired = (error: unknown): error is CodeRequiredError => error instanceof CodeRequiredError;
export const isSecondFactorMissing = (error: unknown): error is SecondFactorMissingError => error instanceof SecondFactorMissingError;
