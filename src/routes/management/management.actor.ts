import { fromPromise } from 'xstate';
import { approveAll, approveEnrolment, assignEnrolments, downloadReportCsv, getReport, listAssignments, listDownlines, listManagedEnrolments, rejectEnrolment } from '../../api/management.api';
import { listOfflineCourses } from '../../api/offline-courses.api';
import type { ApproveAllResult, AssignResult, ManagedEnrolment } from '../../api/schemas/management.schema';
import { managementMachine, PER_PAGE, type LoadTabInput, type Period, type TabData } from '../../machines/management/management.machine';
import { toSubmissionError } from '../submission';

// The ONE place the /management page machine meets the API (DESIGN §2, ADR 019).

const rethrow = (error: unknown): never => {
  throw toSubmissionError(error);
};

/** What a tab shows: a list, the assignment's choices and history, or the report. */
export async function loadTab({ tab, q, page, period }: LoadTabInput, signal?: AbortSignal): Promise<TabData> {
  if (tab === 'assign') {
    const [downlines, courses, history] = await Promise.all([
      listDownlines({ signal }),
      listOfflineCourses({ per_page: 50 }, { signal }),
      listAssignments({ page, per_page: PER_PAGE }, { signal }),
    ]);
    return { kind: 'assign', downlines: downlines.data, courses: courses.data.filter((c) => c.availability !== 'closed'), history };
  }
  if (tab === 'report') return { kind: 'report', report: await getReport({ from: period.from ?? undefined, to: period.to ?? undefined }, { signal }) };
  return { kind: 'list', list: await listManagedEnrolments({ list: tab, q, page, per_page: PER_PAGE }, { signal }) };
}

/** Saves the CSV the server made (the signed-in request, then a download of the blob). */
export async function saveReportCsv(period: Period): Promise<void> {
  const blob = await downloadReportCsv({ from: period.from ?? undefined, to: period.to ?? undefined });
  const url = URL.createObjectURL(blob);
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = `user-report-${period.from ?? 'ia-year'}${period.to ? `-${period.to}` : ''}.csv`;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** The page machine with the real API. */
export const managementRouteMachine = managementMachine.provide({
  actors: {
    loadTab: fromPromise<TabData, LoadTabInput>(({ input, signal }) => loadTab(input, signal).catch(rethrow)),
    approve: fromPromise<ManagedEnrolment, string>(({ input }) => approveEnrolment(input).catch(rethrow)),
    reject: fromPromise<ManagedEnrolment, { id: string; reason: string }>(({ input }) => rejectEnrolment(input.id, input.reason).catch(rethrow)),
    approveAll: fromPromise<ApproveAllResult, void>(() => approveAll().catch(rethrow)),
    assign: fromPromise<AssignResult, { courseId: string; userIds: string[] }>(({ input }) => assignEnrolments(input.courseId, input.userIds).catch(rethrow)),
    downloadCsv: fromPromise<void, Period>(({ input }) => saveReportCsv(input).catch(rethrow)),
  },
});
