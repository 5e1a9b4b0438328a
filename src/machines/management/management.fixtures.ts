import type { Downline, ManagedEnrolment, ManagedEnrolmentList, Report } from '../../api/schemas/management.schema';
import type { OfflineCourseCard } from '../../api/schemas/offline-courses.schema';
import type { TabData } from './management.machine';

// Samples for the machine's tests and the view's stories (never imported by app code).

export const enrolmentOf = (id: string, extra: Partial<ManagedEnrolment> = {}): ManagedEnrolment => ({
  id,
  user_id: `u${id}`,
  user_name: ['Wong Siu Ming', 'Lee Ka Yan', 'Chan Tai Man'][Number(id) % 3],
  agent_code: `agent0${(Number(id) % 3) + 1}`,
  course_id: '7',
  course_title: 'MPF Product Briefing',
  starts_at: '2026-11-25T09:30:00.000Z',
  status: 'pending',
  source: 'learner',
  requested_at: '2026-11-24T03:00:00.000Z',
  decided_at: null,
  reason: null,
  remaining_quota: 4,
  blocked: null,
  ...extra,
});

export const listOf = (rows: ManagedEnrolment[], total = rows.length, page = 1): ManagedEnrolmentList => ({ data: rows, page, per_page: 10, total });

export const pendingList = listOf([enrolmentOf('1'), enrolmentOf('2'), enrolmentOf('3', { blocked: 'No seat is left in this course: the request stays pending.' })]);
export const confirmedList = listOf([enrolmentOf('4', { status: 'confirmed', decided_at: '2026-11-24T08:00:00.000Z' })]);
export const rejectedList = listOf([enrolmentOf('5', { status: 'rejected', decided_at: '2026-11-24T08:00:00.000Z', reason: 'Please attend the next run.' })]);
export const allBlockedList = listOf([enrolmentOf('3', { blocked: 'No seat is left in this course: the request stays pending.' })]);

export const sampleDownlines: Downline[] = Array.from({ length: 12 }, (_, i) => ({ id: `d${i + 1}`, name: `Downline ${i + 1}`, agent_code: `agent${String(i + 1).padStart(2, '0')}` }));

export const sampleCourse = (id: string, title: string): OfflineCourseCard => ({
  id,
  title,
  venue: 'Training Room 12A, Central Office',
  starts_at: '2026-12-02T01:30:00.000Z',
  ends_at: '2026-12-02T04:30:00.000Z',
  fee: 0,
  currency: 'HKD',
  quota: 40,
  remaining_quota: 38,
  enrol_deadline: '2026-12-01T00:00:00.000Z',
  needs_approval: false,
  availability: 'open',
  my_status: null,
});

export const assignData: TabData = {
  kind: 'assign',
  downlines: sampleDownlines,
  courses: [sampleCourse('11', 'Customer Service Open Day'), sampleCourse('12', 'Advanced Needs Analysis Clinic')],
  history: listOf([enrolmentOf('9', { status: 'confirmed', source: 'manager', decided_at: '2026-11-20T08:00:00.000Z' })]),
};

export const sampleReport: Report = {
  from: '2026-08-01',
  to: '2027-07-31',
  rows: [
    { user_id: '1', name: 'Chan Tai Man', agent_code: 'agent01', completed: 2, in_progress: 4, overdue: 0, on_screen_hours: 3.25, cpd_ethics_hours: 6, cpd_other_hours: 1.5 },
    { user_id: '2', name: 'Wong Siu Ming', agent_code: 'agent02', completed: 0, in_progress: 3, overdue: 1, on_screen_hours: 0.5, cpd_ethics_hours: 0, cpd_other_hours: 0 },
  ],
};
