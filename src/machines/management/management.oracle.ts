import type { Oracle, OracleEvent } from '../testing/model-coverage';
import { selectManagementView, type ManagementSnapshot } from './management.selectors';

// The expectation of the management machine, written from the spec (SPEC §2 manager pages, §6
// manager, §9 at most 10 per batch; issue 14: approve, reject WITH a reason, approve all up to the
// seats left), not read from the machine: (state, event) → next state; an event missing from a row
// is refused (DESIGN §4, ADR 022).

const MAX_BATCH = 10;
const lists = ['pending', 'confirmed', 'rejected'];
type Row = { id: string; status: string; blocked: string | null };
const rows = (s: ManagementSnapshot): Row[] => (s.context.data?.kind === 'list' ? s.context.data.list.data : []);
const pending = (s: ManagementSnapshot, id: unknown): Row | undefined =>
  s.context.tab === 'pending' ? rows(s).find((r) => r.id === id && r.status === 'pending') : undefined;
const historyPages = (s: ManagementSnapshot): number => {
  const d = s.context.data;
  const list = d?.kind === 'list' ? d.list : d?.kind === 'assign' ? d.history : null;
  return list ? Math.max(1, Math.ceil(list.total / list.per_page)) : 1;
};

/** A page of the list or of the assignment history that exists and is not the one shown. */
const toPage = (e: OracleEvent, s: ManagementSnapshot) => {
  const page = e.page as number;
  return s.context.tab !== 'report' && Number.isInteger(page) && page >= 1 && page <= historyPages(s) && page !== s.context.page ? 'loading' : null;
};

/** A downline can be ticked while fewer than 10 are; un-ticking is always possible. */
const toggle = (e: OracleEvent, s: ManagementSnapshot) => {
  if (s.context.tab !== 'assign' || s.context.data?.kind !== 'assign') return null;
  if (s.context.selected.includes(e.userId as string)) return 'ready';
  return s.context.selected.length < MAX_BATCH && s.context.data.downlines.some((d) => d.id === e.userId) ? 'ready' : null;
};

const readyRow = {
  'tab.select': 'loading',
  search: (_e: OracleEvent, s: ManagementSnapshot) => (lists.includes(s.context.tab) ? 'loading' : null),
  page: toPage,
  period: (e: OracleEvent, s: ManagementSnapshot) => (s.context.tab === 'report' && (!e.from || !e.to || (e.from as string) <= (e.to as string)) ? 'loading' : null),
  // A pending request the course still has a seat for.
  approve: (e: OracleEvent, s: ManagementSnapshot) => (pending(s, e.id)?.blocked === null ? 'approving' : null),
  'reject.open': (e: OracleEvent, s: ManagementSnapshot) => (pending(s, e.id) ? 'rejecting' : null),
  approveAll: (_e: OracleEvent, s: ManagementSnapshot) => (s.context.tab === 'pending' && rows(s).some((r) => r.blocked === null) ? 'approvingAll' : null),
  'assign.course': (e: OracleEvent, s: ManagementSnapshot) =>
    s.context.data?.kind === 'assign' && s.context.data.courses.some((c) => c.id === e.courseId) && e.courseId !== s.context.courseId ? 'ready' : null,
  'assign.toggle': toggle,
  'assign.submit': (_e: OracleEvent, s: ManagementSnapshot) =>
    s.context.tab === 'assign' && s.context.courseId !== null && s.context.selected.length >= 1 && s.context.selected.length <= MAX_BATCH ? 'assigning' : null,
  'csv.download': (_e: OracleEvent, s: ManagementSnapshot) => (s.context.tab === 'report' ? 'downloading' : null),
};

export const managementOracle: Oracle<ManagementSnapshot> = {
  table: {
    loading: { 'tab.select': 'loading', 'xstate.done.actor.loadTab': 'ready', 'xstate.error.actor.loadTab': 'loadFailed' },
    loadFailed: { retry: 'loading', 'tab.select': 'loading' },
    ready: readyRow,
    approving: { 'xstate.done.actor.approve': 'loading', 'xstate.error.actor.approve': 'ready' },
    // The reason is required (issue 14); the dialog can be closed without deciding.
    rejecting: {
      'reject.cancel': 'ready',
      'reject.confirm': (e) => ((e.reason as string).trim().length > 0 && (e.reason as string).length <= 500 ? 'submittingReject' : null),
    },
    submittingReject: { 'xstate.done.actor.reject': 'loading', 'xstate.error.actor.reject': 'rejecting' },
    approvingAll: { 'xstate.done.actor.approveAll': 'loading', 'xstate.error.actor.approveAll': 'ready' },
    assigning: { 'xstate.done.actor.assign': 'loading', 'xstate.error.actor.assign': 'ready' },
    downloading: { 'xstate.done.actor.downloadCsv': 'ready', 'xstate.error.actor.downloadCsv': 'ready' },
  },
  // What the view offers: Approve all while the pending list has an approvable row and nothing runs;
  // Assign once a course and at least one downline are chosen.
  offers: (s) => {
    const view = selectManagementView(s);
    return { approveAll: view.canApproveAll, 'assign.submit': view.assign?.canSubmit ?? false };
  },
};
