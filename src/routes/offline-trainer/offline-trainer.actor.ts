import { fromPromise } from 'xstate';
import { ApiRequestError } from '../../api/api-error';
import { getOfflineSessionCodes, rotateOfflineSessionCodes } from '../../api/offline-trainer.api';
import type { OfflineSessionCodes } from '../../api/schemas/offline-trainer.schema';
import { offlineTrainerMachine, type TrainerProblem } from '../../machines/offline-trainer/offline-trainer.machine';

// The ONE place that wires the trainer's screen to the API (ADR 019).

/** A failed call: the server's translated message, or the API layer's for no answer ("check your connection"). */
const problemOf = (error: unknown): TrainerProblem => ({ message: error instanceof ApiRequestError ? error.message || null : null });

export const offlineTrainerActor = offlineTrainerMachine.provide({
  actors: {
    loadCodes: fromPromise<OfflineSessionCodes, string>(({ input, signal }) =>
      getOfflineSessionCodes(input, { signal }).catch((error: unknown) => {
        throw problemOf(error);
      }),
    ),
    rotateCodes: fromPromise<OfflineSessionCodes, string>(({ input, signal }) =>
      rotateOfflineSessionCodes(input, { signal }).catch((error: unknown) => {
        throw problemOf(error);
      }),
    ),
  },
});

/** The link a learner follows from the classroom (the QR code of it): the code travels in the path,
 * which the sign-in remembers (SPEC §2 guards), so the check-in completes after signing in. */
export function codeLink(origin: string, codes: Pick<OfflineSessionCodes, 'course_id' | 'session_id'>, which: 'check-in' | 'check-out', code: string): string {
  return `${origin}/offline/${codes.course_id}/${which}/${codes.session_id}/${encodeURIComponent(code)}`;
}
