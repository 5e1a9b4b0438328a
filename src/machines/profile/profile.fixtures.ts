import type { Achievements } from '../../api/schemas/achievements.schema';
import type { ExamCertificateList } from '../../api/schemas/exam-certificate.schema';
import type { LearningHistory } from '../../api/schemas/learning-history.schema';
import type { MockExamStats } from '../../api/schemas/mock-exams.schema';
import type { CurrentUser } from '../../api/schemas/users.schema';
import { profileContextOf, profileMachine, type ProfileContext } from './profile.machine';
import { selectProfileView, type ProfileViewModel } from './profile.selectors';

// Answers as the server gives them, for the profile machine's tests and the view's stories.

export const yearHistory: LearningHistory = {
  from: '2026-08-01',
  to: '2027-07-31',
  completed: 3,
  compulsory: 2,
  non_compulsory: 1,
  recommended: 0,
  in_progress: 2,
  on_screen_hours: 4.25,
  cpd_ethics_hours: 2,
  cpd_other_hours: 3.5,
  months: ['2026-08', '2026-09', '2026-10', '2026-11', '2026-12', '2027-01', '2027-02', '2027-03', '2027-04', '2027-05', '2027-06', '2027-07'].map((month, i) => ({
    month,
    on_screen_hours: [0.5, 1.25, 2.5, 0, 0, 0, 0, 0, 0, 0, 0, 0][i],
  })),
};

export const springHistory: LearningHistory = {
  ...yearHistory,
  from: '2026-01-01',
  to: '2026-06-30',
  months: ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06'].map((month, i) => ({ month, on_screen_hours: [0, 1, 0.5, 0, 2, 0][i] })),
  completed: 1, compulsory: 0, non_compulsory: 0, recommended: 1, cpd_ethics_hours: 0, cpd_other_hours: 1 };

export const emptyHistory: LearningHistory = { ...yearHistory, months: yearHistory.months!.map((m) => ({ ...m, on_screen_hours: 0 })), completed: 0, compulsory: 0, non_compulsory: 0, recommended: 0, in_progress: 0, on_screen_hours: 0, cpd_ethics_hours: 0, cpd_other_hours: 0 };

export const mockStats: MockExamStats = { average_score: 72.5, passed_attempts: 1, total_attempts: 2 };

export const certificates: ExamCertificateList = {
  data: [
    {
      certificate_number: 'AA-2026-000012',
      attempt_id: '12',
      quiz_id: '3',
      course_id: '2',
      course_title: 'Anti-Money Laundering Essentials',
      exam_title: 'AML examination',
      score: 9,
      full_marks: 10,
      completed_at: '2026-10-20T03:00:00.000Z',
      cpd_hours: 2,
    },
  ],
  page: 1,
  per_page: 20,
  total: 1,
};

/** agent01's demo: a first course and an examination passed at the first attempt; the CPD target and the streak not yet. */
export const someAchievements: Achievements = {
  achievements: [
    { kind: 'first_course', earned_at: '2026-09-14T02:30:00.000Z', earned_on: '2026-09-14' },
    { kind: 'cpd_target', earned_at: null, earned_on: null },
    { kind: 'exam_first_try', earned_at: '2026-10-20T03:00:00.000Z', earned_on: '2026-10-20' },
    { kind: 'learning_streak', earned_at: null, earned_on: null },
  ],
  streak_days: 5,
  cpd_period: { start_year: 2026, starts_on: '2026-08-01', ends_on: '2027-07-31' },
};

export const noAchievements: Achievements = { ...someAchievements, achievements: someAchievements.achievements.map((a) => ({ ...a, earned_at: null, earned_on: null })) };

export const allAchievements: Achievements = {
  ...someAchievements,
  achievements: someAchievements.achievements.map((a) => (a.earned_on ? a : { ...a, earned_at: '2026-11-28T16:00:00.000Z', earned_on: '2026-11-29' })),
};

export const noCertificates: ExamCertificateList = { data: [], page: 1, per_page: 20, total: 0 };

/** A learner with two certificates, a page of one at a time: the first page, then the second. */
const ethicsCertificate = {
  ...certificates.data[0],
  certificate_number: 'AA-2026-000031',
  attempt_id: '31',
  quiz_id: '5',
  course_id: '4',
  course_title: 'Ethics in Insurance Practice',
  exam_title: 'Ethics examination',
  completed_at: '2026-11-02T06:30:00.000Z',
};
export const firstCertificatePage: ExamCertificateList = { data: [ethicsCertificate], page: 1, per_page: 1, total: 2 };
export const secondCertificatePage: ExamCertificateList = { data: [certificates.data[0]], page: 2, per_page: 1, total: 2 };

export const learner: CurrentUser = {
  id: '7',
  external_id: 'agent01',
  name: 'Chan Tai Man',
  icon_url: '/assets/placeholder-profile.svg',
  cover_url: '/assets/placeholder-cover.svg',
  manager_id: null,
  is_manager: false,
  is_recruit: false,
  is_auditor: false,
  unread_notifications_count: 3,
  password_reset: true,
  welcome_due: false,
};

/** The view model at a state of the machine (stories and view tests), built through the selectors. */
export function profileViewAt(value: string | Record<string, unknown>, context: Partial<ProfileContext> = {}): ProfileViewModel {
  const base: ProfileContext = { ...profileContextOf({ period: {}, mockExams: true }), data: { history: yearHistory, stats: mockStats, certificates, achievements: someAchievements } };
  return selectProfileView(profileMachine.resolveState({ value: value as never, context: { ...base, ...context } }));
}

export const shown = { ready: { history: 'idle', picture: 'idle', certificates: 'idle' } };
