/**
 * What a submit actor rejects with when it has something to tell the user: the server's
 * (already translated) message, or null for "something else went wrong" — the view then shows
 * its own translated generic text. Any other rejection value counts as null, so raw exception
 * text (e.g. "Failed to fetch") never reaches the screen.
 */
export class SubmissionError extends Error {
  readonly serverMessage: string | null;

  constructor(serverMessage: string | null) {
    super(serverMessage ?? 'submission failed');
    this.name = 'SubmissionError';
    this.serverMessage = serverMessage && serverMessage.trim() ? serverMessage : null;
  }
}

export function failureMessage(error: unknown): string | null {
  return error instanceof SubmissionError ? error.serverMessage : null;
}

/** How a view shows a failed submission: the server's text, or its own generic translated text. */
export type FailureView = null | { kind: 'server'; message: string } | { kind: 'generic' };

export function failureView(failed: boolean, message: string | null): FailureView {
  if (!failed) return null;
  return message ? { kind: 'server', message } : { kind: 'generic' };
}
