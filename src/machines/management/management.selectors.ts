import type { SnapshotFrom } from 'xstate';
import type { Downline, ManagedEnrolment, ManagedEnrolmentList, Report } from '../../api/schemas/management.schema';
import { MANAGER_ASSIGN_MAX_BATCH as MAX_ASSIGN_BATCH } from '../../config/constants';
import type { OfflineCourseCard } from '../../api/schemas/offline-courses.schema';
import { LIST_TABS, type ManagementTab, type Notice, type Period, type managementMachine } from './management.machine';

export type ManagementSnapshot = SnapshotFrom<typeof managementMachine>;

export type ManagementStatus = 'loading' | 'loadFailed' | 'ready';

export interface AssignView {
  downlines: Downline[];
  courses: OfflineCourseCard[];
  history: ManagedEnrolmentList;
  selected: string[];
  courseId: string | null;
  /** MAX_ASSIGN_BATCH chosen: the other downlines cannot be ticked. */
  full: boolean;
  canSubmit: boolean;
}

export interface ManagementViewModel {
  status: ManagementStatus;
  tab: ManagementTab;
  q: string;
  period: Period;
  /** A call is under way: the actions wait. */
  busy: boolean;
  /** The pending, confirmed or rejected list (list tabs). */
  list: ManagedEnrolmentList | null;
  assign: AssignView | null;
  report: Report | null;
  /** The rejection dialog, when open: the enrolment it is about. */
  rejecting: ManagedEnrolment | null;
  canApproveAll: boolean;
  notice: Notice | null;
  /** A failure: the server's message, or '' for the view's generic text; null: none. */
  error: string | null;
}

/** The page's view model: what each tab shows and which actions it offers now. */
export function selectManagementView(s: ManagementSnapshot): ManagementViewModel {
  const c = s.context;
  const status: ManagementStatus = s.matches('loading') ? 'loading' : s.matches('loadFailed') ? 'loadFailed' : 'ready';
  const busy = s.hasTag('busy');
  const list = c.data?.kind === 'list' && LIST_TABS.includes(c.tab) ? c.data.list : null;
  const failed = s.matches('loadFailed') || c.error !== null;
  const rejectOpen = s.matches('rejecting') || s.matches('submittingReject');
  return {
    status,
    tab: c.tab,
    q: c.q,
    period: c.period,
    busy,
    list,
    assign:
      c.data?.kind === 'assign'
        ? {
            downlines: c.data.downlines,
            courses: c.data.courses,
            history: c.data.history,
            selected: c.selected,
            courseId: c.courseId,
            full: c.selected.length >= MAX_ASSIGN_BATCH,
            canSubmit: s.matches('ready') && c.courseId !== null && c.selected.length >= 1,
          }
        : null,
    report: c.data?.kind === 'report' ? c.data.report : null,
    rejecting: rejectOpen ? (list?.data.find((r) => r.id === c.rejectId) ?? null) : null,
    canApproveAll: !busy && s.matches('ready') && c.tab === 'pending' && (list?.data.some((r) => r.blocked === null) ?? false),
    notice: c.notice,
    error: failed ? (c.error ?? '') : null,
  };
}
