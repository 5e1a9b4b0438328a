import { fromPromise } from 'xstate';
import { ApiRequestError } from '../../api/api-error';
import { getOfflineCourse } from '../../api/offline-courses.api';
import { cancelOfflineEnrolment, checkIn, checkOut, enrolOffline } from '../../api/offline-enrolments.api';
import { offlineEnrolmentMachine, type CheckOutcome, type EnrolmentProblem } from '../../machines/offline-enrolment/offline-enrolment.machine';

// The ONE place that wires the classroom course page's machine to the API (DESIGN §2, ADR 019).

/** A failed call: the server's translated message (or null: the view says what failed). */
const problem = (error: unknown): never => {
  const p: EnrolmentProblem = { message: error instanceof ApiRequestError && error.status !== 0 ? error.message || null : null };
  throw p;
};

export function offlineEnrolmentLogic() {
  return offlineEnrolmentMachine.provide({
    actors: {
      loadCourse: fromPromise(({ input, signal }) => getOfflineCourse(input.courseId, { signal }).catch(problem)),
      enrol: fromPromise(({ input }) => enrolOffline(input.courseId, { terms_accepted: true, ...(input.joinWaitingList ? { join_waiting_list: true } : {}) }).catch(problem)),
      cancelEnrolment: fromPromise(({ input }) => cancelOfflineEnrolment(input.enrolmentId).catch(problem)),
      checkCode: fromPromise(
        async ({ input }): Promise<CheckOutcome> => (input.which === 'in' ? checkIn(input.sessionId, input.code.trim()) : checkOut(input.sessionId, input.code.trim())).catch(problem),
      ),
    },
  });
}
