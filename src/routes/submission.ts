import { ApiRequestError } from '../api/http';
import { SubmissionError } from '../machines/shared/submission-error';

/** Every ApiRequestError carries a translated, user-facing message (the server's, or the client's
 * own for network trouble); anything else is a bug whose text must not reach the screen. */
export function toSubmissionError(error: unknown): SubmissionError {
  if (error instanceof ApiRequestError) return new SubmissionError(error.message);
  console.error(error);
  return new SubmissionError(null);
}

/** A call whose failure the page shows: it rejects with toSubmissionError's SubmissionError. */
export function withSubmissionError<I, O>(call: (input: I) => Promise<O>): ({ input }: { input: I }) => Promise<O> {
  return async ({ input }) => {
    try {
      return await call(input);
    } catch (error) {
      throw toSubmissionError(error);
    }
  };
}
