import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { edgePaths, replayRuns, type Oracle } from '../testing/model-coverage';
import { checkedIn, checkedOut, sampleCourse, sampleEnrolment, sampleSession } from './offline-enrolment.fixtures';
import { offlineEnrolmentMachine, type CheckRequest, type OfflineEnrolmentContext, type OfflineEnrolmentInput } from './offline-enrolment.machine';
import { offlineEnrolmentOracle } from './offline-enrolment.oracle';
import { selectOfflineEnrolmentView, type OfflineEnrolmentSnapshot } from './offline-enrolment.selectors';

// Model-based (DESIGN §4, ADR 022): every state and transition of the real machine, replayed into a
// live actor whose calls the test settles by hand, checked at each step against the oracle written
// from the spec (offline-enrolment.oracle.ts) and the view's invariants.

const actorIds = ['loadCourse', 'enrol', 'cancelEnrolment', 'checkCode'];
const plain: OfflineEnrolmentInput = { courseId: '5' };
const withLink: OfflineEnrolmentInput = { courseId: '5', autoCheck: { sessionId: '41', which: 'in', code: 'MPF482' } };

type TestEvent = EventObject & Record<string, unknown>;
const loaded = (output: ReturnType<typeof sampleCourse>): TestEvent => ({ type: 'xstate.done.actor.loadCourse', output });
const staticEvents: TestEvent[] = [
  { type: 'retry' },
  { type: 'refresh' },
  { type: 'enrol' },
  { type: 'back' },
  { type: 'terms.toggle' },
  { type: 'submit' },
  { type: 'cancel' },
  { type: 'cancel.confirm' },
  { type: 'cancel.dismiss' },
  { type: 'check', sessionId: '41', which: 'in', code: 'MPF482' },
  { type: 'check', sessionId: '41', which: 'out', code: 'OUT913' },
  { type: 'check', sessionId: '41', which: 'in', code: '  ' },
  { type: 'check', sessionId: '99', which: 'in', code: 'MPF482' },
  loaded(sampleCourse()),
  loaded(sampleCourse({ availability: 'full' })),
  loaded(sampleCourse({ availability: 'closed' })),
  loaded(sampleCourse({ prerequisitesMet: false })),
  loaded(sampleCourse({ enrolment: sampleEnrolment('pending') })),
  loaded(sampleCourse({ enrolment: sampleEnrolment('confirmed') })),
  loaded(sampleCourse({ enrolment: sampleEnrolment('confirmed', { can_cancel: false }), sessions: [sampleSession({ my_attendance: checkedIn() })] })),
  loaded(sampleCourse({ enrolment: sampleEnrolment('waiting') })),
  loaded(sampleCourse({ enrolment: sampleEnrolment('rejected') })),
  loaded(sampleCourse({ enrolment: sampleEnrolment('cancelled') })),
  { type: 'xstate.error.actor.loadCourse', error: { message: 'The classroom course was not found.' } },
  { type: 'xstate.done.actor.enrol', output: sampleEnrolment('pending') },
  { type: 'xstate.error.actor.enrol', error: { message: 'This course has no quota left. You may join the waiting list.' } },
  { type: 'xstate.done.actor.cancelEnrolment', output: sampleEnrolment('cancelled', { can_cancel: false }) },
  { type: 'xstate.error.actor.cancelEnrolment', error: { message: null } },
  { type: 'xstate.done.actor.checkCode', output: checkedIn() },
  { type: 'xstate.done.actor.checkCode', output: checkedOut() },
  { type: 'xstate.error.actor.checkCode', error: { message: 'The check-in code is wrong.' } },
];

// Told apart by what the rules read.
function serializeState(s: AnyMachineSnapshot): string {
  const c = s.context as OfflineEnrolmentContext;
  return JSON.stringify({
    value: s.value,
    course: c.course ? [c.course.availability, c.course.prerequisites_met] : null,
    enrolment: c.enrolment ? [c.enrolment.status, c.enrolment.can_cancel] : null,
    terms: c.termsAccepted,
    failed: c.failed,
    attendance: c.attendance,
    check: c.check,
    checkProblem: c.checkProblem !== null,
    autoCheck: c.autoCheck !== null,
  });
}

/** A check's answer matches the code in flight (a check-out answer only after a check-out). */
function events(s: AnyMachineSnapshot): EventObject[] {
  const c = s.context as OfflineEnrolmentContext;
  return staticEvents.filter((e) => {
    if (e.type === 'xstate.done.actor.checkCode') return (e.output as { checked_out_at: string | null }).checked_out_at === null ? c.check?.which === 'in' : c.check?.which === 'out';
    return s.can(e);
  }).filter((e) => s.can(e));
}

const runs = [plain, withLink].map((input) => ({ input, paths: edgePaths(offlineEnrolmentMachine, { input, serializeState, events }) }));

function checkInvariants(live: AnyMachineSnapshot, calls: (id: string) => unknown[]) {
  const s = live as OfflineEnrolmentSnapshot;
  const c = s.context;
  const view = selectOfflineEnrolmentView(s);
  // The view's phase is the machine's state; a course shown is the one loaded.
  if (view.status === 'ready') {
    expect(view.course.id).toBe('5');
    // Each unmet prerequisite group is named (SPEC §5: "each unmet one named").
    if (view.blockedByPrerequisites) expect(view.unmet.length).toBeGreaterThan(0);
    if (view.canEnrol) expect(view.unmet).toEqual([]);
    // The waiting list only when the course is full.
    expect(view.joinsWaitingList).toBe(view.course.availability === 'full');
    // A code form only for a confirmed learner.
    for (const session of view.sessions) if (session.asks !== null) expect(c.enrolment?.status).toBe('confirmed');
    // CPD time credited never exceeds the attendance nor the course's CPD hours.
    for (const session of view.sessions) if (session.cpdMinutes !== null) expect(session.cpdMinutes).toBeLessThanOrEqual(Math.min(session.attendance!.attended_minutes, view.course.cpd_hours * 60));
  }
  // Every enrol carries the waiting list flag exactly when the course is full; never without the terms.
  const enrol = calls('enrol').at(-1) as { courseId: string; joinWaitingList: boolean } | undefined;
  if (enrol && s.matches('submitting')) {
    expect(enrol.courseId).toBe('5');
    expect(enrol.joinWaitingList).toBe(c.course?.availability === 'full');
    expect(c.termsAccepted).toBe(true);
  }
  const checkCall = calls('checkCode').at(-1) as CheckRequest | undefined;
  if (checkCall && s.matches('checking')) expect(checkCall.code.trim()).not.toBe('');
  for (const call of calls('cancelEnrolment')) expect(call).toEqual({ enrolmentId: '7' });
  expect(live.hasTag('busy')).toBe(['loading', 'submitting', 'cancelling', 'checking'].some((state) => s.matches(state as never)));
}

describe('offline-enrolment machine, model-based', () => {
  it(`replays ${runs.reduce((n, r) => n + r.paths.length, 0)} generated paths against the spec table; every state and transition is covered`, async () => {
    const result = await replayRuns(offlineEnrolmentMachine, runs, {
      actorIds,
      events: staticEvents,
      oracle: offlineEnrolmentOracle as unknown as Oracle,
      compareWithModel: false,
      check: (live, _step, calls) => checkInvariants(live, calls),
    });
    expect(result.uncovered).toEqual({ states: [], transitions: [] });
  }, 120_000);
});
