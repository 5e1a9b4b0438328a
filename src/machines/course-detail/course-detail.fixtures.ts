import type { CourseDetail } from '../../api/schemas/courses.schema';

// Test data for the machine's tests.
export const sampleCourse: CourseDetail = {
  id: '2',
  title: 'Needs-Based Selling',
  kind: 'elective',
  department: 'Sales',
  published_at: '2026-01-05T09:00:00.000Z',
  enrolment_count: 10,
  clicks: 90,
  likes: 5,
  liked: false,
  cover_url: '/assets/placeholder-cover.svg',
  cpd_hours: 2,
  status: 'not_enrolled',
  progress: 0,
  description: 'How to find what a client needs.',
  lessons: [],
  completed_items: 0,
  total_items: 0,
  completed_at: null,
};
