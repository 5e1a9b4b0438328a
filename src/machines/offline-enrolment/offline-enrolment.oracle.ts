import type { MyOfflineEnrolment, OfflineCourseDetail } from '../../api/schemas/offline-courses.schema';
import type { Oracle, OracleEvent, OracleRow } from '../testing/model-coverage';
import { selectOfflineEnrolmentView, type OfflineEnrolmentSnapshot } from './offline-enrolment.selectors';

// ADR 022: the learner's side of a classroom course as SPEC §4 "Offline enrolment", §5 and issue 14
// describe it, written from them and not read off the machine: (state, event) → next state; an event
// missing from a row is refused. The rules (who may apply, cancel, check in) are computed here.

const ctx = (s: OfflineEnrolmentSnapshot) => s.context;
const ACTIVE = ['pending', 'confirmed', 'waiting'];

/** Where an enrolment's status puts the page; a confirmed learner with the classroom's link checks in at once. */
function placeOf(enrolment: MyOfflineEnrolment | null, autoCheck: boolean): string {
  switch (enrolment?.status) {
    case 'confirmed':
      return autoCheck ? 'checking' : 'confirmed';
    case 'pending':
    case 'waiting':
    case 'rejected':
    case 'cancelled':
      return enrolment.status;
    default:
      return 'browsing';
  }
}

const here = (_: OracleEvent, s: OfflineEnrolmentSnapshot) => placeOf(ctx(s).enrolment, false);

/** SPEC §5: applying needs the course open (or full: the waiting list), no active enrolment and every prerequisite group met. */
function apply(_: OracleEvent, s: OfflineEnrolmentSnapshot): string | null {
  const { course, enrolment } = ctx(s);
  if (!course || course.availability === 'closed' || (enrolment && ACTIVE.includes(enrolment.status))) return null;
  return course.prerequisites.every((g) => g.courses.some((c) => c.completed)) ? 'acceptingTerms' : null;
}

/** Cancel only an active enrolment the server says is still cancellable (the deadline). */
const cancel = (_: OracleEvent, s: OfflineEnrolmentSnapshot) => (ctx(s).enrolment?.can_cancel ? 'confirmingCancel' : null);

/** A code for one of the course's sessions, non-empty, in order: check-in first, then check-out, once each. */
function check(e: OracleEvent, s: OfflineEnrolmentSnapshot): string | null {
  const { course, attendance } = ctx(s);
  if (typeof e.code !== 'string' || e.code.trim() === '' || !course?.sessions.some((x) => x.id === e.sessionId)) return null;
  const a = attendance[e.sessionId as string];
  const next = !a ? 'in' : a.checked_out_at ? null : 'out';
  return next === e.which ? 'checking' : null;
}

const settled = (extra: OracleRow<OfflineEnrolmentSnapshot> = {}): OracleRow<OfflineEnrolmentSnapshot> => ({ refresh: 'loading', ...extra });

const table: Record<string, OracleRow<OfflineEnrolmentSnapshot>> = {
  loading: {
    'xstate.done.actor.loadCourse': (e, s) => placeOf((e.output as OfflineCourseDetail).my_enrolment, ctx(s).autoCheck !== null),
    'xstate.error.actor.loadCourse': 'loadFailed',
  },
  loadFailed: { retry: 'loading' },
  browsing: settled({ enrol: apply }),
  acceptingTerms: {
    'terms.toggle': 'acceptingTerms',
    submit: (_, s) => (ctx(s).termsAccepted ? 'submitting' : null),
    back: here,
  },
  // The answer changes the remaining quota: the course is read again.
  submitting: { 'xstate.done.actor.enrol': 'loading', 'xstate.error.actor.enrol': 'acceptingTerms' },
  pending: settled({ cancel }),
  waiting: settled({ cancel }),
  confirmed: settled({ cancel, check }),
  checking: { 'xstate.done.actor.checkCode': 'confirmed', 'xstate.error.actor.checkCode': 'confirmed' },
  rejected: settled({ enrol: apply }),
  cancelled: settled({ enrol: apply }),
  confirmingCancel: { 'cancel.confirm': 'cancelling', 'cancel.dismiss': here },
  cancelling: { 'xstate.done.actor.cancelEnrolment': 'loading', 'xstate.error.actor.cancelEnrolment': here },
};

export const offlineEnrolmentOracle: Oracle<OfflineEnrolmentSnapshot> = {
  table,
  offers: (s) => {
    const view = selectOfflineEnrolmentView(s);
    const ready = view.status === 'ready' ? view : null;
    return {
      retry: view.status === 'load_failed',
      enrol: ready?.canEnrol ?? false,
      submit: ready?.canSubmit ?? false,
      cancel: ready?.canCancel ?? false,
      'cancel.confirm': ready?.phase === 'confirming_cancel',
      'terms.toggle': ready?.phase === 'accepting_terms',
    };
  },
};
