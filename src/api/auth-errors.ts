import { ApiRequestError } from './api-error';
import { API_ERROR_CODE } from './schemas/error.schema';

// SPEC §7 client error tokens for two-factor, as classes a caller can branch on with instanceof
// (the server says which by the body's `code`; the message stays the server's translated text).

/** Login answered 403 MissingCredential: the password was right, now the 6-digit code is needed. */
export class MissingCredentialError extends ApiRequestError {
  constructor(source: ApiRequestError) {
    super(source.status, source.body, source.message, { cause: source });
    this.name = 'MissingCredentialError';
  }
}

/** 403 NotAuthenticated: this session has not passed two-factor, and the call needs it. */
export class NotAuthenticatedError extends ApiRequestError {
  constructor(source: ApiRequestError) {
    super(source.status, source.body, source.message, { cause: source });
    this.name = 'NotAuthenticatedError';
  }
}

/** The typed error for an API failure whose body names a two-factor code; anything else as is. */
export function toTwoFactorError(error: unknown): unknown {
  if (!(error instanceof ApiRequestError) || error.status !== 403) return error;
  if (error.body?.code === API_ERROR_CODE.missingCredential) return new MissingCredentialError(error);
  if (error.body?.code === API_ERROR_CODE.notAuthenticated) return new NotAuthenticatedError(error);
  return error;
}

/** Runs an API call and rethrows its failure as a typed two-factor error when it is one. */
export async function withTwoFactorErrors<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw toTwoFactorError(error);
  }
}

/** Whether a failure (typed or not) is the server's NotAuthenticated (two-factor not passed). */
export function isNotAuthenticated(error: unknown): boolean {
  return toTwoFactorError(error) instanceof NotAuthenticatedError;
}
