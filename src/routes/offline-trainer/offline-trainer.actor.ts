import { fromPromise } from 'xstate';
import { ApiRequestError } from '../../api/api-error';
import { getOfflineSessionCodes } from '../../api/offline-trainer.api';
import type { OfflineSessionCodes } from '../../api/schemas/offline-trainer.schema';

// The ONE place that wires the trainer's screen to the API (ADR 019): one read, nothing with states.

/** A failed read: the server's translated message, or null (the view says the page failed). */
export interface TrainerProblem {
  message: string | null;
}

export const trainerCodesLogic = fromPromise<OfflineSessionCodes, { sessionId: string }>(({ input, signal }) =>
  getOfflineSessionCodes(input.sessionId, { signal }).catch((error: unknown) => {
    const problem: TrainerProblem = { message: error instanceof ApiRequestError && error.status !== 0 ? error.message || null : null };
    throw problem;
  }),
);

/** The link a learner follows from the classroom (a QR code of it): the code travels in the path,
 * which the sign-in remembers (SPEC §2 guards), so the check-in completes after signing in. */
export function codeLink(origin: string, codes: Pick<OfflineSessionCodes, 'course_id' | 'session_id'>, which: 'check-in' | 'check-out', code: string): string {
  return `${origin}/offline/${codes.course_id}/${which}/${codes.session_id}/${encodeURIComponent(code)}`;
}
