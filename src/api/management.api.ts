import { callRoute } from './call-route';
import { listQuery, type CallOptions } from './list-query';
import type {
  ApproveAllResult,
  AssignResult,
  DownlineList,
  ManagedEnrolment,
  ManagedEnrolmentList,
  ManagedEnrolmentsQuery,
  PageQuery,
  Report,
  ReportQuery,
} from './schemas/management.schema';
import {
  approveAllRoute,
  approveEnrolmentRoute,
  assignEnrolmentsRoute,
  getReportCsvRoute,
  getReportRoute,
  listAssignmentsRoute,
  listDownlinesRoute,
  listManagedEnrolmentsRoute,
  rejectEnrolmentRoute,
} from './schemas/management.routes';

// The manager's pages (issue 14): a manager's downlines' enrolments, assignments, the user report.

export function listManagedEnrolments(query: Partial<ManagedEnrolmentsQuery> & Pick<ManagedEnrolmentsQuery, 'list'>, { signal }: CallOptions = {}): Promise<ManagedEnrolmentList> {
  return callRoute(listManagedEnrolmentsRoute, { query: listQuery(query), signal });
}

export function approveEnrolment(enrolmentId: string): Promise<ManagedEnrolment> {
  return callRoute(approveEnrolmentRoute, { params: { id: enrolmentId } });
}

export function rejectEnrolment(enrolmentId: string, reason: string): Promise<ManagedEnrolment> {
  return callRoute(rejectEnrolmentRoute, { params: { id: enrolmentId }, body: { reason } });
}

/** Every pending enrolment of the downlines, in request order up to the seats left. */
export function approveAll(courseId?: string): Promise<ApproveAllResult> {
  return callRoute(approveAllRoute, { body: courseId ? { course_id: courseId } : {} });
}

/** Up to 10 downlines at a time (SPEC §9). */
export function assignEnrolments(courseId: string, userIds: string[]): Promise<AssignResult> {
  return callRoute(assignEnrolmentsRoute, { body: { course_id: courseId, user_ids: userIds } });
}

export function listAssignments(query: Partial<PageQuery> = {}, { signal }: CallOptions = {}): Promise<ManagedEnrolmentList> {
  return callRoute(listAssignmentsRoute, { query: listQuery(query), signal });
}

export function listDownlines({ signal }: CallOptions = {}): Promise<DownlineList> {
  return callRoute(listDownlinesRoute, { signal });
}

export function getReport(query: Partial<ReportQuery> = {}, { signal }: CallOptions = {}): Promise<Report> {
  return callRoute(getReportRoute, { query: listQuery(query), signal });
}

/** The report as a CSV file (the signed-in request; the caller saves the blob). */
export async function downloadReportCsv(query: Partial<ReportQuery> = {}): Promise<Blob> {
  const response = await callRoute(getReportCsvRoute, { query: listQuery(query) });
  return response.blob();
}
