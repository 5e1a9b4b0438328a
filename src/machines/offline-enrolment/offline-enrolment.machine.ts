import { assign, fromPromise, setup } from 'xstate';
import type { MyOfflineEnrolment, OfflineCourseDetail, OfflineSession } from '../../api/schemas/offline-courses.schema';

// Issue 14 (SPEC §4 "Offline enrolment", §5, ADR 031): a learner and one classroom course, from
// browsing to an answered enrolment, with check-in and check-out of its sessions. Effects are named
// placeholders; the route's actor file provides them (src/routes/offline-enrolment/offline-enrolment.actor.ts).

export type CheckWhich = 'in' | 'out';

/** The learner's attendance of a session, as the server keeps it. */
export type SessionAttendance = NonNullable<OfflineSession['my_attendance']>;

/** A code typed on a session (or carried by the classroom's link). */
export interface CheckRequest {
  sessionId: string;
  which: CheckWhich;
  code: string;
}

/** What the check-in / check-out answers: the attendance of the session. */
export interface CheckOutcome extends SessionAttendance {
  session_id: string;
}

export interface OfflineEnrolmentInput {
  courseId: string;
  /** A code from the classroom's link (/offline/:courseId/check-in/:sessionId/:code): used once the enrolment is known to be confirmed. */
  autoCheck?: CheckRequest;
}

/** A failed call as the actor file tells it (the machine imports nothing from the API): the server's translated message, or null. */
export interface EnrolmentProblem {
  message: string | null;
}

export interface OfflineEnrolmentContext {
  courseId: string;
  course: OfflineCourseDetail | null;
  /** The caller's enrolment (active or latest), null when never enrolled. */
  enrolment: MyOfflineEnrolment | null;
  /** The terms and conditions (with the impersonation warning) are ticked. */
  termsAccepted: boolean;
  /** The last enrol / cancel / load failure's message (null: none, or a generic failure shown by the view). */
  problem: string | null;
  /** A load, enrol or cancel failed (the view says so, with `problem` when the server gave one). */
  failed: boolean;
  /** Per session id: the learner's attendance. */
  attendance: Record<string, SessionAttendance>;
  /** The code being checked, then the last one checked. */
  check: CheckRequest | null;
  /** The last check's refusal, by session. */
  checkProblem: { sessionId: string; message: string | null } | null;
  autoCheck: CheckRequest | null;
}

export type OfflineEnrolmentEvent =
  | { type: 'retry' }
  /** Read the course again (a manager's decision or a promotion may have changed the enrolment). */
  | { type: 'refresh' }
  | { type: 'enrol' }
  | { type: 'back' }
  | { type: 'terms.toggle' }
  | { type: 'submit' }
  | { type: 'cancel' }
  | { type: 'cancel.confirm' }
  | { type: 'cancel.dismiss' }
  | ({ type: 'check' } & CheckRequest);

const notProvided = (name: string) => () => {
  throw new Error(`${name} must be provided (src/routes/offline-enrolment/offline-enrolment.actor.ts)`);
};

const messageOf = (error: unknown): string | null => (error as EnrolmentProblem | undefined)?.message ?? null;

const ACTIVE: ReadonlyArray<MyOfflineEnrolment['status']> = ['pending', 'confirmed', 'waiting'];

/** The course takes an application from the caller now: open or full (the waiting list), and no active enrolment. */
export function canApply(c: Pick<OfflineEnrolmentContext, 'course' | 'enrolment'>): boolean {
  if (!c.course || c.course.availability === 'closed') return false;
  return !c.enrolment || !ACTIVE.includes(c.enrolment.status);
}

/**
 * Enrol is offered only with every prerequisite group met (SPEC §5; issue 43, item 25): otherwise the
 * page names the missing courses in its place. The server refuses anyway (403 OfflinePrerequisiteNotMet).
 */
export function canEnrol(c: Pick<OfflineEnrolmentContext, 'course' | 'enrolment'>): boolean {
  return canApply(c) && (c.course?.prerequisites_met ?? false);
}

/** The code a session takes next from the learner: check-in, then check-out, then none (the window is the server's to decide). */
export function checkableWhich(attendance: SessionAttendance | undefined): CheckWhich | null {
  if (!attendance) return 'in';
  if (!attendance.checked_out_at) return 'out';
  return null;
}

function attendanceOf(course: OfflineCourseDetail): Record<string, SessionAttendance> {
  const out: Record<string, SessionAttendance> = {};
  for (const s of course.sessions) if (s.my_attendance) out[s.id] = s.my_attendance;
  return out;
}

/**
 * A classroom course's page (SPEC §4 "Offline enrolment"): loading → browsing (Enrol only with every
 * prerequisite met; each unmet one named instead) → accepting the terms → submitting → pending (the upline
 * decides) | confirmed (no approval needed) | waiting (full: the waiting list); rejected and
 * cancelled are history (the learner may apply again). pending, waiting and confirmed may be
 * cancelled after a confirmation, until the cancellation deadline. A confirmed learner checks in and
 * out of a session with the trainer's codes. Calls: loadCourse, enrol, cancelEnrolment, checkCode.
 */
export const offlineEnrolmentMachine = setup({
  types: {
    input: {} as OfflineEnrolmentInput,
    context: {} as OfflineEnrolmentContext,
    events: {} as OfflineEnrolmentEvent,
  },
  actors: {
    /** GET /api/offline_courses/{id}: the course with the caller's enrolment and attendance. */
    loadCourse: fromPromise<OfflineCourseDetail, { courseId: string }>(notProvided('loadCourse')),
    /** POST /api/offline_courses/{id}/enrolments {terms_accepted, join_waiting_list}: pending, confirmed or waiting. */
    enrol: fromPromise<MyOfflineEnrolment, { courseId: string; joinWaitingList: boolean }>(notProvided('enrol')),
    /** POST /api/offline_enrolments/{id}/cancel. */
    cancelEnrolment: fromPromise<MyOfflineEnrolment, { enrolmentId: string }>(notProvided('cancelEnrolment')),
    /** POST /api/offline_sessions/{id}/check_in | check_out {code}. */
    checkCode: fromPromise<CheckOutcome, CheckRequest>(notProvided('checkCode')),
  },
  actions: {
    adoptCourse: assign(({ event }) => {
      const course = (event as unknown as { output: OfflineCourseDetail }).output;
      return { course, enrolment: course.my_enrolment, attendance: attendanceOf(course), problem: null, failed: false };
    }),
    adoptEnrolment: assign(({ context, event }) => {
      const enrolment = (event as unknown as { output: MyOfflineEnrolment }).output;
      return { enrolment, course: context.course ? { ...context.course, my_status: enrolment.status, my_enrolment: enrolment } : null, problem: null, failed: false, termsAccepted: false };
    }),
    noteProblem: assign({ problem: ({ event }) => messageOf((event as { error?: unknown }).error), failed: true }),
    clearProblem: assign({ problem: null, failed: false }),
    toggleTerms: assign({ termsAccepted: ({ context }) => !context.termsAccepted }),
    clearTerms: assign({ termsAccepted: false }),
    takeCheck: assign(({ event }) => (event.type === 'check' ? { check: { sessionId: event.sessionId, which: event.which, code: event.code }, checkProblem: null } : {})),
    takeAutoCheck: assign(({ context }) => ({ check: context.autoCheck, autoCheck: null, checkProblem: null })),
    dropAutoCheck: assign({ autoCheck: null }),
    adoptAttendance: assign(({ context, event }) => {
      const { session_id, ...attendance } = (event as unknown as { output: CheckOutcome }).output;
      return { attendance: { ...context.attendance, [session_id]: attendance } };
    }),
    noteCheckProblem: assign(({ context, event }) => ({
      checkProblem: { sessionId: context.check?.sessionId ?? '', message: messageOf((event as { error?: unknown }).error) },
    })),
  },
  guards: {
    canApply: ({ context }) => canApply(context),
    canEnrol: ({ context }) => canEnrol(context),
    termsAccepted: ({ context }) => context.termsAccepted,
    canCancel: ({ context }) => context.enrolment?.can_cancel ?? false,
    isPending: ({ context }) => context.enrolment?.status === 'pending',
    isConfirmed: ({ context }) => context.enrolment?.status === 'confirmed',
    isWaiting: ({ context }) => context.enrolment?.status === 'waiting',
    isRejected: ({ context }) => context.enrolment?.status === 'rejected',
    isCancelled: ({ context }) => context.enrolment?.status === 'cancelled',
    hasAutoCheck: ({ context }) => context.autoCheck !== null,
    /** A code for a session of this course, in the step the session is at (in before out), not empty. */
    checkAllowed: ({ context, event }) => {
      if (event.type !== 'check' || event.code.trim() === '') return false;
      const session = context.course?.sessions.find((s) => s.id === event.sessionId);
      return session !== undefined && checkableWhich(context.attendance[session.id]) === event.which;
    },
  },
}).createMachine({
  id: 'offlineEnrolment',
  initial: 'loading',
  context: ({ input }) => ({
    courseId: input.courseId,
    course: null,
    enrolment: null,
    termsAccepted: false,
    problem: null,
    failed: false,
    attendance: {},
    check: null,
    checkProblem: null,
    autoCheck: input.autoCheck ?? null,
  }),
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadCourse',
        src: 'loadCourse',
        input: ({ context }) => ({ courseId: context.courseId }),
        onDone: { target: 'settling', actions: 'adoptCourse' },
        onError: { target: 'loadFailed', actions: 'noteProblem' },
      },
    },
    loadFailed: { on: { retry: { target: 'loading', actions: 'clearProblem' } } },
    /** Where the enrolment's status puts the page. */
    settling: {
      always: [
        { guard: 'isConfirmed', target: 'confirmed' },
        { guard: 'isPending', target: 'pending' },
        { guard: 'isWaiting', target: 'waiting' },
        { guard: 'isRejected', target: 'rejected' },
        { guard: 'isCancelled', target: 'cancelled' },
        { target: 'browsing' },
      ],
    },
    browsing: {
      // The classroom's link is of no use before a confirmed enrolment.
      entry: 'dropAutoCheck',
      on: { enrol: { guard: 'canEnrol', target: 'acceptingTerms', actions: 'clearProblem' }, refresh: 'loading' },
    },
    acceptingTerms: {
      on: {
        'terms.toggle': { actions: 'toggleTerms' },
        submit: { guard: 'termsAccepted', target: 'submitting' },
        back: { target: 'settling', actions: ['clearTerms', 'clearProblem'] },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'enrol',
        src: 'enrol',
        input: ({ context }) => ({ courseId: context.courseId, joinWaitingList: context.course?.availability === 'full' }),
        // Read the course again: its remaining quota changed with the enrolment.
        onDone: { target: 'loading', actions: 'adoptEnrolment' },
        onError: { target: 'acceptingTerms', actions: 'noteProblem' },
      },
    },
    pending: { entry: 'dropAutoCheck', on: { cancel: { guard: 'canCancel', target: 'confirmingCancel', actions: 'clearProblem' }, refresh: 'loading' } },
    waiting: { entry: 'dropAutoCheck', on: { cancel: { guard: 'canCancel', target: 'confirmingCancel', actions: 'clearProblem' }, refresh: 'loading' } },
    confirmed: {
      always: { guard: 'hasAutoCheck', target: 'checking', actions: 'takeAutoCheck' },
      on: {
        cancel: { guard: 'canCancel', target: 'confirmingCancel', actions: 'clearProblem' },
        check: { guard: 'checkAllowed', target: 'checking', actions: 'takeCheck' },
        refresh: 'loading',
      },
    },
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'checkCode',
        src: 'checkCode',
        input: ({ context }) => context.check!,
        onDone: { target: 'confirmed', actions: 'adoptAttendance' },
        onError: { target: 'confirmed', actions: 'noteCheckProblem' },
      },
    },
    rejected: { entry: 'dropAutoCheck', on: { enrol: { guard: 'canEnrol', target: 'acceptingTerms', actions: 'clearProblem' }, refresh: 'loading' } },
    cancelled: { entry: 'dropAutoCheck', on: { enrol: { guard: 'canEnrol', target: 'acceptingTerms', actions: 'clearProblem' }, refresh: 'loading' } },
    confirmingCancel: { on: { 'cancel.confirm': 'cancelling', 'cancel.dismiss': 'settling' } },
    cancelling: {
      tags: ['busy'],
      invoke: {
        id: 'cancelEnrolment',
        src: 'cancelEnrolment',
        input: ({ context }) => ({ enrolmentId: context.enrolment!.id }),
        onDone: { target: 'loading', actions: 'adoptEnrolment' },
        onError: { target: 'settling', actions: 'noteProblem' },
      },
    },
  },
});

export type OfflineEnrolmentMachine = typeof offlineEnrolmentMachine;
