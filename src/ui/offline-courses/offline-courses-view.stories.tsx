import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { fn } from 'storybook/test';
import type { OfflineCourseCard } from '../../api/schemas/offline-courses.schema';
import { sampleCourse } from '../../machines/offline-enrolment/offline-enrolment.fixtures';
import { NO_FILTERS, OfflineCoursesView } from './offline-courses-view';

const card = (over: Partial<OfflineCourseCard>): OfflineCourseCard => {
  const { id, title, venue, starts_at, ends_at, fee, currency, quota, remaining_quota, enrol_deadline, needs_approval, availability, my_status } = sampleCourse();
  return { id, title, venue, starts_at, ends_at, fee, currency, quota, remaining_quota, enrol_deadline, needs_approval, availability, my_status, ...over };
};
const data = [
  card({ my_status: 'confirmed', fee: 0 }),
  card({ id: '6', title: 'Ethics Case Workshop', availability: 'full', remaining_quota: 0, quota: 2, my_status: 'waiting' }),
  card({ id: '7', title: 'Advanced Needs Analysis Clinic', fee: 0, remaining_quota: 15, quota: 15 }),
  card({ id: '8', title: 'Customer Service Open Day', availability: 'closed', fee: 0 }),
];

/** /offline: classroom courses with filters and paging. */
const meta = {
  title: 'Pages/Offline/Courses',
  component: OfflineCoursesView,
  decorators: [
    (Story) => (
      <MemoryRouter>
        <Story />
      </MemoryRouter>
    ),
  ],
  args: {
    view: { status: 'loaded', result: { data, page: 1, per_page: 10, total: 4 }, failure: null, pages: 1 },
    filters: NO_FILTERS,
    page: 1,
    onSearch: fn(),
    onPage: fn(),
    onRetry: fn(),
    onOpen: fn(),
  },
} satisfies Meta<typeof OfflineCoursesView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Courses: Story = {};
export const Filtered: Story = { args: { filters: { q: 'ethics', venue: 'Kowloon', from: '2026-12-01', to: '2026-12-31', status: 'full' } } };
export const Paged: Story = { args: { page: 2, view: { status: 'loaded', result: { data, page: 2, per_page: 4, total: 11 }, failure: null, pages: 3 } } };
export const Empty: Story = { args: { view: { status: 'empty', result: { data: [], page: 1, per_page: 10, total: 0 }, failure: null, pages: 1 } } };
export const Loading: Story = { args: { view: { status: 'loading', result: null, failure: null, pages: 1 } } };
export const LoadFailed: Story = { args: { view: { status: 'failed', result: null, failure: { kind: 'generic' }, pages: 1 } } };
