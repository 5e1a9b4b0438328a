import type { MyOfflineEnrolment, OfflineCourseDetail, OfflineEnrolmentStatus, OfflineSession } from '../../api/schemas/offline-courses.schema';
import type { CheckOutcome } from './offline-enrolment.machine';

// Sample classroom courses for the offline-enrolment machine's tests and the stories (issue 14).

export const sampleSession = (over: Partial<OfflineSession> = {}): OfflineSession => ({
  id: '41',
  title: 'Briefing',
  starts_at: '2026-11-25T09:30:00.000Z',
  ends_at: '2026-11-25T11:30:00.000Z',
  window_opens_at: '2026-11-25T09:00:00.000Z',
  window_closes_at: '2026-11-25T12:00:00.000Z',
  my_attendance: null,
  ...over,
});

export const sampleEnrolment = (status: OfflineEnrolmentStatus, over: Partial<MyOfflineEnrolment> = {}): MyOfflineEnrolment => ({
  id: '7',
  status,
  requested_at: '2026-11-20T08:00:00.000Z',
  decided_at: status === 'confirmed' || status === 'rejected' ? '2026-11-21T08:00:00.000Z' : null,
  decision_reason: status === 'rejected' ? 'Please finish the AML course first.' : null,
  waiting_position: status === 'waiting' ? 2 : null,
  can_cancel: status === 'pending' || status === 'confirmed' || status === 'waiting',
  ...over,
});

export interface SampleCourseOptions {
  availability?: OfflineCourseDetail['availability'];
  prerequisitesMet?: boolean;
  enrolment?: MyOfflineEnrolment | null;
  sessions?: OfflineSession[];
}

export function sampleCourse({ availability = 'open', prerequisitesMet = true, enrolment = null, sessions = [sampleSession()] }: SampleCourseOptions = {}): OfflineCourseDetail {
  return {
    id: '5',
    title: 'MPF Product Briefing',
    venue: 'Training Room 12A, Central Office',
    starts_at: sessions[0]?.starts_at ?? null,
    ends_at: sessions.at(-1)?.ends_at ?? null,
    fee: 150,
    currency: 'HKD',
    quota: 30,
    remaining_quota: availability === 'full' ? 0 : 12,
    enrol_deadline: '2026-12-01T10:00:00.000Z',
    needs_approval: true,
    availability,
    my_status: enrolment?.status ?? null,
    description: 'What changed in the MPF schemes this year and how to explain it to clients.',
    initiator: 'Learning and Development',
    remarks: 'Bring your agent card for check-in.',
    enquiry_email: 'training@agent-academy.test',
    duration_hours: 2,
    cpd_hours: 2,
    applications_open_at: '2026-11-10T00:00:00.000Z',
    cancel_deadline: '2026-11-30T10:00:00.000Z',
    sessions,
    materials: [{ id: '12', name: 'Product Brochure.jpeg', type: 'jpeg' }],
    prerequisites: prerequisitesMet
      ? []
      : [
          { courses: [{ id: '1', title: 'Anti-Money Laundering', completed: false }], met: false },
          {
            courses: [
              { id: '2', title: 'Financial Needs Analysis', completed: false },
              { id: '3', title: 'Consultative Selling', completed: false },
            ],
            met: false,
          },
        ],
    prerequisites_met: prerequisitesMet,
    my_enrolment: enrolment,
  };
}

export const checkedIn = (sessionId = '41'): CheckOutcome => ({ session_id: sessionId, checked_in_at: '2026-11-25T09:25:00.000Z', checked_out_at: null, attended_minutes: 0 });
export const checkedOut = (sessionId = '41'): CheckOutcome => ({
  session_id: sessionId,
  checked_in_at: '2026-11-25T09:25:00.000Z',
  checked_out_at: '2026-11-25T11:00:00.000Z',
  attended_minutes: 90,
});
