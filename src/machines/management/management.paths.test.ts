import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { SubmissionError } from '../shared/submission-error';
import { edgePaths, replayRuns, type Oracle } from '../testing/model-coverage';
import { allBlockedList, assignData, confirmedList, listOf, pendingList, rejectedList, sampleReport, enrolmentOf } from './management.fixtures';
import { managementMachine, type ManagementContext, type TabData } from './management.machine';
import { managementOracle } from './management.oracle';
import { selectManagementView, type ManagementSnapshot } from './management.selectors';

// Model-based (DESIGN §4, ADR 022): every state and transition of the real machine, replayed into a
// live actor whose calls the test settles by hand, checked at each step against the oracle written
// from the spec (management.oracle.ts) and the view model's invariants.

const actorIds = ['loadTab', 'approve', 'reject', 'approveAll', 'assign', 'downloadCsv'];
type TestEvent = EventObject & Record<string, unknown>;
const failure = new SubmissionError('No seat is left in this course: the request stays pending.');

const staticEvents: TestEvent[] = [
  ...['pending', 'confirmed', 'rejected', 'assign', 'report'].map((tab) => ({ type: 'tab.select', tab })),
  { type: 'search', q: ' wong ' },
  { type: 'page', page: 2 },
  { type: 'page', page: 1 },
  { type: 'period', from: '2026-08-01', to: '2026-12-31' },
  { type: 'period', from: '2026-12-31', to: '2026-08-01' },
  { type: 'retry' },
  { type: 'approve', id: '1' },
  { type: 'approve', id: '3' },
  { type: 'approve', id: '99' },
  { type: 'reject.open', id: '2' },
  { type: 'reject.open', id: '99' },
  { type: 'reject.cancel' },
  { type: 'reject.confirm', reason: '   ' },
  { type: 'reject.confirm', reason: 'Not this quarter' },
  { type: 'approveAll' },
  { type: 'assign.course', courseId: '11' },
  { type: 'assign.course', courseId: '99' },
  ...Array.from({ length: 11 }, (_, i) => ({ type: 'assign.toggle', userId: `d${i + 1}` })),
  { type: 'assign.toggle', userId: 'stranger' },
  { type: 'assign.submit' },
  { type: 'csv.download' },
  { type: 'xstate.error.actor.loadTab', error: new TypeError('Failed to fetch') },
  { type: 'xstate.done.actor.approve', output: enrolmentOf('1', { status: 'confirmed' }) },
  { type: 'xstate.error.actor.approve', error: failure },
  { type: 'xstate.done.actor.reject', output: enrolmentOf('2', { status: 'rejected', reason: 'Not this quarter' }) },
  { type: 'xstate.error.actor.reject', error: new SubmissionError('Please give a reason for the rejection.') },
  { type: 'xstate.done.actor.approveAll', output: { approved: ['1', '2'], left_pending: [{ id: '3', reason: 'No seat is left in this course: the request stays pending.' }] } },
  { type: 'xstate.error.actor.approveAll', error: new TypeError('Failed to fetch') },
  { type: 'xstate.done.actor.assign', output: { assigned: [enrolmentOf('9', { status: 'confirmed', source: 'manager' })], already_enrolled: [] } },
  { type: 'xstate.error.actor.assign', error: new SubmissionError('Only 2 seats are left in this course.') },
  { type: 'xstate.done.actor.downloadCsv', output: undefined },
  { type: 'xstate.error.actor.downloadCsv', error: new TypeError('Failed to fetch') },
];

/** What the tab's load answers (its kind follows the tab; the pending list has two pages or none approvable). */
function loadOutcomes(c: ManagementContext): TestEvent[] {
  const done = (output: TabData): TestEvent => ({ type: 'xstate.done.actor.loadTab', output });
  if (c.tab === 'pending') return [done({ kind: 'list', list: { ...pendingList, total: 25 } }), done({ kind: 'list', list: allBlockedList }), done({ kind: 'list', list: listOf([]) })];
  if (c.tab === 'confirmed') return [done({ kind: 'list', list: confirmedList })];
  if (c.tab === 'rejected') return [done({ kind: 'list', list: rejectedList })];
  if (c.tab === 'assign') return [done(assignData)];
  return [done({ kind: 'report', report: sampleReport })];
}

// Told apart by what the rules read (not by which downlines are ticked, only how many).
function serializeState(s: AnyMachineSnapshot): string {
  const c = s.context as ManagementContext;
  const d = c.data;
  return JSON.stringify({
    value: s.value,
    tab: c.tab,
    page: c.page,
    data: d?.kind === 'list' ? [d.list.total, d.list.data.map((r) => r.blocked === null)] : (d?.kind ?? null),
    n: c.selected.length,
    course: c.courseId,
    reject: c.rejectId,
  });
}

const paths = edgePaths(managementMachine, {
  serializeState,
  events: (s: AnyMachineSnapshot) => [...staticEvents, ...loadOutcomes(s.context as ManagementContext)].filter((e) => s.can(e)),
});

function checkInvariants(live: AnyMachineSnapshot, calls: (id: string) => unknown[]) {
  const s = live as ManagementSnapshot;
  const c = s.context;
  const view = selectManagementView(s);
  // SPEC §9: never more than 10 downlines chosen, and only downlines the page listed.
  expect(c.selected.length).toBeLessThanOrEqual(10);
  expect(new Set(c.selected).size).toBe(c.selected.length);
  for (const call of calls('assign') as { courseId: string; userIds: string[] }[]) {
    expect(call.userIds.length).toBeGreaterThanOrEqual(1);
    expect(call.userIds.length).toBeLessThanOrEqual(10);
    expect(call.courseId).toBe('11');
  }
  // A rejection always carries a reason, trimmed.
  for (const call of calls('reject') as { id: string; reason: string }[]) expect(call).toEqual({ id: '2', reason: 'Not this quarter' });
  // Only a pending request with a seat is approved.
  for (const call of calls('approve')) expect(call).toBe('1');
  // Every load asks for the tab shown.
  const load = calls('loadTab').at(-1) as { tab: string; q: string } | undefined;
  if (load && s.matches('loading')) expect(load.tab).toBe(c.tab);
  if (load) expect(load.q).toBe(load.q.trim());
  // The rejection dialog is open exactly while rejecting (or sending it).
  expect(view.rejecting !== null).toBe(s.matches('rejecting') || s.matches('submittingReject'));
  expect(view.busy).toBe(['loading', 'approving', 'submittingReject', 'approvingAll', 'assigning', 'downloading'].some((st) => s.matches(st as never)));
  // The tab shows its own kind of data only.
  if (view.list) expect(['pending', 'confirmed', 'rejected']).toContain(view.tab);
  if (view.assign) expect(view.tab).toBe('assign');
  if (view.report) expect(view.tab).toBe('report');
  if (view.assign?.full) expect(view.assign.selected).toHaveLength(10);
  expect(JSON.stringify(view)).not.toContain('Failed to fetch');
}

describe('management machine, model-based', () => {
  it(`replays ${paths.length} generated paths against the spec table; every state and transition is covered`, async () => {
    const result = await replayRuns(managementMachine, [{ input: undefined, paths }], {
      actorIds,
      events: staticEvents,
      oracle: managementOracle as unknown as Oracle,
      compareWithModel: false,
      check: (live, _step, calls) => checkInvariants(live, calls),
    });
    expect(result.uncovered).toEqual({ states: [], transitions: [] });
  }, 120_000);
});
