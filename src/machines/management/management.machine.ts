import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { ApproveAllResult, AssignResult, Downline, ManagedEnrolment, ManagedEnrolmentList, Report } from '../../api/schemas/management.schema';
import { MANAGER_ASSIGN_MAX_BATCH as MAX_ASSIGN_BATCH } from '../../config/constants';
import type { OfflineCourseCard } from '../../api/schemas/offline-courses.schema';
import { failureMessage } from '../shared/submission-error';

// Issue 14, /management (SPEC §2 manager pages, §6 manager, §9 at most 10 per batch): the pending,
// confirmed and rejected lists of the manager's downlines' classroom enrolments, the assignment of
// up to 10 downlines to a course with its history, and the user report with its CSV.

export const MANAGEMENT_TABS = ['pending', 'confirmed', 'rejected', 'assign', 'report'] as const;
export type ManagementTab = (typeof MANAGEMENT_TABS)[number];
export const LIST_TABS: readonly ManagementTab[] = ['pending', 'confirmed', 'rejected'];
export const PER_PAGE = 10;

export interface Period {
  from: string | null;
  to: string | null;
}

/** What a tab shows, as loaded. */
export type TabData =
  | { kind: 'list'; list: ManagedEnrolmentList }
  | { kind: 'assign'; downlines: Downline[]; courses: OfflineCourseCard[]; history: ManagedEnrolmentList }
  | { kind: 'report'; report: Report };

export interface LoadTabInput {
  tab: ManagementTab;
  q: string;
  page: number;
  period: Period;
}

/** What the last decision did, for the page's notice. */
export type Notice =
  | { kind: 'approved' }
  | { kind: 'rejected' }
  | { kind: 'approvedAll'; approved: number; leftPending: ApproveAllResult['left_pending'] }
  | { kind: 'assigned'; assigned: number; already: number }
  | { kind: 'downloaded' };

export interface ManagementContext {
  tab: ManagementTab;
  q: string;
  page: number;
  period: Period;
  data: TabData | null;
  /** Downlines chosen for an assignment (at most MAX_ASSIGN_BATCH). */
  selected: string[];
  courseId: string | null;
  /** The pending enrolment whose rejection dialog is open. */
  rejectId: string | null;
  notice: Notice | null;
  /** The server's message after a failure; null: the view's generic text. */
  error: string | null;
}

export type ManagementEvent =
  | { type: 'tab.select'; tab: ManagementTab }
  | { type: 'search'; q: string }
  | { type: 'page'; page: number }
  | { type: 'period'; from: string | null; to: string | null }
  | { type: 'retry' }
  | { type: 'approve'; id: string }
  | { type: 'reject.open'; id: string }
  | { type: 'reject.cancel' }
  | { type: 'reject.confirm'; reason: string }
  | { type: 'approveAll' }
  | { type: 'assign.course'; courseId: string }
  | { type: 'assign.toggle'; userId: string }
  | { type: 'assign.submit' }
  | { type: 'csv.download' };

const rowsOf = (c: ManagementContext): ManagedEnrolment[] => (c.data?.kind === 'list' ? c.data.list.data : []);
const pendingRow = (c: ManagementContext, id: string) => (c.tab === 'pending' ? rowsOf(c).find((r) => r.id === id && r.status === 'pending') : undefined);
const pagesOf = (c: ManagementContext): number => {
  const list = c.data?.kind === 'list' ? c.data.list : c.data?.kind === 'assign' ? c.data.history : null;
  return list ? Math.max(1, Math.ceil(list.total / list.per_page)) : 1;
};

/** Another tab (not while a decision is under way): its first page, without the other tab's search or notice. */
const selectTab = { target: 'loading', reenter: true, actions: 'selectTab' } as const;

/**
 * loading → ready | loadFailed (retry); in ready the pending list offers approve (not when the
 * course has no seat left), reject (a dialog: a reason is required) and approve all; the assign tab
 * chooses a course and 1–10 downlines; the report reads a period and downloads its CSV. Every
 * decision reloads the tab and leaves a notice; a failure stays on the page with its message.
 * The calls are provided by src/routes/management/management.actor.ts.
 */
export const managementMachine = setup({
  types: {
    context: {} as ManagementContext,
    events: {} as ManagementEvent,
  },
  actors: {
    loadTab: fromPromise<TabData, LoadTabInput>(async () => {
      throw new Error('loadTab must be provided (src/routes/management/management.actor.ts)');
    }),
    approve: fromPromise<ManagedEnrolment, string>(async () => {
      throw new Error('approve must be provided (src/routes/management/management.actor.ts)');
    }),
    reject: fromPromise<ManagedEnrolment, { id: string; reason: string }>(async () => {
      throw new Error('reject must be provided (src/routes/management/management.actor.ts)');
    }),
    approveAll: fromPromise<ApproveAllResult, void>(async () => {
      throw new Error('approveAll must be provided (src/routes/management/management.actor.ts)');
    }),
    assign: fromPromise<AssignResult, { courseId: string; userIds: string[] }>(async () => {
      throw new Error('assign must be provided (src/routes/management/management.actor.ts)');
    }),
    downloadCsv: fromPromise<void, Period>(async () => {
      throw new Error('downloadCsv must be provided (src/routes/management/management.actor.ts)');
    }),
  },
  guards: {
    isListTab: ({ context }) => LIST_TABS.includes(context.tab),
    pageInRange: ({ context, event }) => {
      assertEvent(event, 'page');
      return context.tab !== 'report' && Number.isInteger(event.page) && event.page >= 1 && event.page <= pagesOf(context) && event.page !== context.page;
    },
    periodValid: ({ context, event }) => {
      assertEvent(event, 'period');
      return context.tab === 'report' && (!event.from || !event.to || event.from <= event.to);
    },
    canApprove: ({ context, event }) => {
      assertEvent(event, 'approve');
      const row = pendingRow(context, event.id);
      return row !== undefined && row.blocked === null;
    },
    canReject: ({ context, event }) => {
      assertEvent(event, 'reject.open');
      return pendingRow(context, event.id) !== undefined;
    },
    reasonGiven: ({ event }) => {
      assertEvent(event, 'reject.confirm');
      return event.reason.trim().length > 0 && event.reason.length <= 500;
    },
    canApproveAll: ({ context }) => context.tab === 'pending' && rowsOf(context).some((r) => r.blocked === null),
    isAssignTab: ({ context }) => context.tab === 'assign',
    canToggle: ({ context, event }) => {
      assertEvent(event, 'assign.toggle');
      if (context.tab !== 'assign' || context.data?.kind !== 'assign') return false;
      if (context.selected.includes(event.userId)) return true;
      return context.selected.length < MAX_ASSIGN_BATCH && context.data.downlines.some((d) => d.id === event.userId);
    },
    knownCourse: ({ context, event }) => {
      assertEvent(event, 'assign.course');
      return context.data?.kind === 'assign' && context.data.courses.some((c) => c.id === event.courseId) && event.courseId !== context.courseId;
    },
    canAssign: ({ context }) => context.tab === 'assign' && context.courseId !== null && context.selected.length >= 1 && context.selected.length <= MAX_ASSIGN_BATCH,
    isReportTab: ({ context }) => context.tab === 'report',
  },
  actions: {
    clearError: assign({ error: null }),
    keepError: assign({ error: ({ event }) => failureMessage((event as { error?: unknown }).error) }),
    selectTab: assign(({ event }) => {
      assertEvent(event, 'tab.select');
      return { tab: event.tab, q: '', page: 1, data: null, notice: null, error: null, selected: [], courseId: null, rejectId: null };
    }),
    keepData: assign({ data: ({ event }) => (event as unknown as { output: TabData }).output }),
  },
}).createMachine({
  id: 'management',
  initial: 'loading',
  context: { tab: 'pending', q: '', page: 1, period: { from: null, to: null }, data: null, selected: [], courseId: null, rejectId: null, notice: null, error: null },
  states: {
    loading: {
      tags: ['busy'],
      on: { 'tab.select': selectTab },
      invoke: {
        id: 'loadTab',
        src: 'loadTab',
        input: ({ context }) => ({ tab: context.tab, q: context.q, page: context.page, period: context.period }),
        onDone: { target: 'ready', actions: 'keepData' },
        onError: { target: 'loadFailed', actions: 'keepError' },
      },
    },
    loadFailed: {
      on: { retry: { target: 'loading', actions: 'clearError' }, 'tab.select': selectTab },
    },
    ready: {
      on: {
        'tab.select': selectTab,
        search: { guard: 'isListTab', target: 'loading', actions: assign({ q: ({ event }) => event.q.trim(), page: 1, notice: null, error: null }) },
        page: { guard: 'pageInRange', target: 'loading', actions: assign({ page: ({ event }) => event.page, error: null }) },
        period: { guard: 'periodValid', target: 'loading', actions: assign({ period: ({ event }) => ({ from: event.from, to: event.to }), notice: null, error: null }) },
        approve: { guard: 'canApprove', target: 'approving' },
        'reject.open': { guard: 'canReject', target: 'rejecting', actions: assign({ rejectId: ({ event }) => event.id, error: null }) },
        approveAll: { guard: 'canApproveAll', target: 'approvingAll' },
        'assign.course': { guard: 'knownCourse', actions: assign({ courseId: ({ event }) => event.courseId, error: null }) },
        'assign.toggle': {
          guard: 'canToggle',
          actions: assign({
            selected: ({ context, event }) => (context.selected.includes(event.userId) ? context.selected.filter((id) => id !== event.userId) : [...context.selected, event.userId]),
            error: null,
          }),
        },
        'assign.submit': { guard: 'canAssign', target: 'assigning' },
        'csv.download': { guard: 'isReportTab', target: 'downloading' },
      },
    },
    approving: {
      tags: ['busy'],
      entry: assign({ error: null, notice: null }),
      invoke: {
        id: 'approve',
        src: 'approve',
        input: ({ event }) => {
          assertEvent(event, 'approve');
          return event.id;
        },
        onDone: { target: 'loading', actions: assign({ notice: { kind: 'approved' } }) },
        onError: { target: 'ready', actions: 'keepError' },
      },
    },
    rejecting: {
      on: {
        'reject.cancel': { target: 'ready', actions: assign({ rejectId: null, error: null }) },
        'reject.confirm': { guard: 'reasonGiven', target: 'submittingReject' },
      },
    },
    submittingReject: {
      tags: ['busy'],
      entry: assign({ error: null, notice: null }),
      invoke: {
        id: 'reject',
        src: 'reject',
        input: ({ context, event }) => {
          assertEvent(event, 'reject.confirm');
          return { id: context.rejectId!, reason: event.reason.trim() };
        },
        onDone: { target: 'loading', actions: assign({ notice: { kind: 'rejected' }, rejectId: null }) },
        // The dialog stays open with the server's message: the reason can be corrected or cancelled.
        onError: { target: 'rejecting', actions: 'keepError' },
      },
    },
    approvingAll: {
      tags: ['busy'],
      entry: assign({ error: null, notice: null }),
      invoke: {
        id: 'approveAll',
        src: 'approveAll',
        onDone: {
          target: 'loading',
          actions: assign({ notice: ({ event }) => ({ kind: 'approvedAll' as const, approved: event.output.approved.length, leftPending: event.output.left_pending }) }),
        },
        onError: { target: 'ready', actions: 'keepError' },
      },
    },
    assigning: {
      tags: ['busy'],
      entry: assign({ error: null, notice: null }),
      invoke: {
        id: 'assign',
        src: 'assign',
        input: ({ context }) => ({ courseId: context.courseId!, userIds: context.selected }),
        onDone: {
          target: 'loading',
          actions: assign({
            notice: ({ event }) => ({ kind: 'assigned' as const, assigned: event.output.assigned.length, already: event.output.already_enrolled.length }),
            selected: [],
            page: 1,
          }),
        },
        onError: { target: 'ready', actions: 'keepError' },
      },
    },
    downloading: {
      tags: ['busy'],
      entry: assign({ error: null, notice: null }),
      invoke: {
        id: 'downloadCsv',
        src: 'downloadCsv',
        input: ({ context }) => context.period,
        onDone: { target: 'ready', actions: assign({ notice: { kind: 'downloaded' } }) },
        onError: { target: 'ready', actions: 'keepError' },
      },
    },
  },
});
