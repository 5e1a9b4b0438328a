import { callRoute } from './call-route';
import { listQuery, type CallOptions } from './list-query';
import type { Attendance, EnrolPayload, MyOfflineEnrolmentsQuery, OfflineEnrolment, OfflineEnrolmentListResponse } from './schemas/offline-enrolments.schema';
import { cancelOfflineEnrolmentRoute, checkInRoute, checkOutRoute, enrolOfflineRoute, listMyOfflineEnrolmentsRoute } from './schemas/offline-enrolments.routes';

// Offline enrolments (issue 14, ADR 031): pending and confirmed hold a seat; waiting is the waiting list.

/** Applies: pending (the upline decides), confirmed (no approval needed) or waiting (join_waiting_list). */
export function enrolOffline(courseId: string, payload: EnrolPayload): Promise<OfflineEnrolment> {
  return callRoute(enrolOfflineRoute, { params: { id: courseId }, body: payload });
}

export function cancelOfflineEnrolment(enrolmentId: string): Promise<OfflineEnrolment> {
  return callRoute(cancelOfflineEnrolmentRoute, { params: { id: enrolmentId } });
}

export function listMyOfflineEnrolments(query: Partial<MyOfflineEnrolmentsQuery> = {}, { signal }: CallOptions = {}): Promise<OfflineEnrolmentListResponse> {
  return callRoute(listMyOfflineEnrolmentsRoute, { query: listQuery(query), signal });
}

/** Checks in with the code the trainer's screen shows (inside the session's window). */
export function checkIn(sessionId: string, code: string): Promise<Attendance> {
  return callRoute(checkInRoute, { params: { id: sessionId }, body: { code } });
}

export function checkOut(sessionId: string, code: string): Promise<Attendance> {
  return callRoute(checkOutRoute, { params: { id: sessionId }, body: { code } });
}
