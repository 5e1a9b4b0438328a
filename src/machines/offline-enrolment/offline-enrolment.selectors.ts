import type { SnapshotFrom } from 'xstate';
import type { MyOfflineEnrolment, OfflineCourseDetail, OfflineSession, PrerequisiteGroup } from '../../api/schemas/offline-courses.schema';
import { canApply, canEnrol, checkableWhich, type CheckWhich, type offlineEnrolmentMachine, type SessionAttendance } from './offline-enrolment.machine';

export type OfflineEnrolmentSnapshot = SnapshotFrom<typeof offlineEnrolmentMachine>;

/** Where the learner is with the course (one per visible state of the enrolment). */
export type EnrolmentPhase =
  | 'browsing'
  | 'accepting_terms'
  | 'submitting'
  | 'pending'
  | 'confirmed'
  | 'waiting'
  | 'rejected'
  | 'cancelled'
  | 'confirming_cancel'
  | 'cancelling'
  | 'checking';

export interface SessionView extends OfflineSession {
  attendance: SessionAttendance | null;
  /** The code the form asks for now (null: no form: not confirmed, or both done). */
  asks: CheckWhich | null;
  /** This session's code is being checked. */
  checking: boolean;
  /** The last refusal of a code on this session (undefined: none; null: a generic failure). */
  problem: string | null | undefined;
  /** CPD time the attendance credits, in minutes: the attended minutes, at most the course's CPD hours. */
  cpdMinutes: number | null;
}

export type OfflineEnrolmentView =
  | { status: 'loading' }
  | { status: 'load_failed'; message: string | null }
  | {
      status: 'ready';
      phase: EnrolmentPhase;
      course: OfflineCourseDetail;
      enrolment: MyOfflineEnrolment | null;
      /** The enrol button is there (open, or full: the waiting list), only with every prerequisite met. */
      canEnrol: boolean;
      /** The learner could apply but a prerequisite is unmet: the page names the missing courses instead of Enrol (issue 43, item 25). */
      blockedByPrerequisites: boolean;
      /** Applying now puts the learner on the waiting list. */
      joinsWaitingList: boolean;
      unmet: PrerequisiteGroup[];
      termsAccepted: boolean;
      canSubmit: boolean;
      canCancel: boolean;
      /** A failed enrol or cancel (message null: a generic failure). */
      failure: { message: string | null } | null;
      sessions: SessionView[];
      busy: boolean;
    };

const PHASES: Record<string, EnrolmentPhase> = {
  browsing: 'browsing',
  acceptingTerms: 'accepting_terms',
  submitting: 'submitting',
  pending: 'pending',
  confirmed: 'confirmed',
  waiting: 'waiting',
  rejected: 'rejected',
  cancelled: 'cancelled',
  confirmingCancel: 'confirming_cancel',
  cancelling: 'cancelling',
  checking: 'checking',
};

export function selectOfflineEnrolmentView(s: OfflineEnrolmentSnapshot): OfflineEnrolmentView {
  const c = s.context;
  if (s.matches('loadFailed')) return { status: 'load_failed', message: c.problem };
  const state = typeof s.value === 'string' ? s.value : '';
  const phase = PHASES[state];
  if (!c.course || !phase) return { status: 'loading' };
  const course = c.course;
  const confirmed = c.enrolment?.status === 'confirmed';
  const sessions: SessionView[] = course.sessions.map((session) => {
    const attendance = c.attendance[session.id] ?? null;
    const minutes = attendance?.checked_out_at ? attendance.attended_minutes : null;
    return {
      ...session,
      attendance,
      asks: confirmed ? checkableWhich(attendance ?? undefined) : null,
      checking: phase === 'checking' && c.check?.sessionId === session.id,
      problem: c.checkProblem?.sessionId === session.id ? c.checkProblem.message : undefined,
      cpdMinutes: minutes === null ? null : Math.min(minutes, Math.round(course.cpd_hours * 60)),
    };
  });
  const unmet = course.prerequisites.filter((g) => !g.met);
  const settled = phase === 'browsing' || phase === 'rejected' || phase === 'cancelled';
  return {
    status: 'ready',
    phase,
    course,
    enrolment: c.enrolment,
    canEnrol: settled && canEnrol(c),
    blockedByPrerequisites: settled && canApply(c) && !course.prerequisites_met,
    joinsWaitingList: course.availability === 'full',
    unmet,
    termsAccepted: c.termsAccepted,
    canSubmit: phase === 'accepting_terms' && c.termsAccepted,
    canCancel: (phase === 'pending' || phase === 'confirmed' || phase === 'waiting') && (c.enrolment?.can_cancel ?? false),
    failure: c.failed ? { message: c.problem } : null,
    sessions,
    busy: s.hasTag('busy'),
  };
}
