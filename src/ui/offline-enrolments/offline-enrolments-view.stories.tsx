import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { fn } from 'storybook/test';
import type { OfflineEnrolment } from '../../api/schemas/offline-enrolments.schema';
import { sampleEnrolment } from '../../machines/offline-enrolment/offline-enrolment.fixtures';
import { OfflineEnrolmentsView } from './offline-enrolments-view';

const row = (id: string, status: OfflineEnrolment['status'], title: string): OfflineEnrolment => ({
  ...sampleEnrolment(status, { id }),
  course_id: id,
  course_title: title,
  venue: 'Training Room 12A, Central Office',
  starts_at: '2026-12-02T09:30:00.000Z',
  cancel_deadline: '2026-12-01T10:00:00.000Z',
});
const data = [
  row('1', 'confirmed', 'MPF Product Briefing'),
  row('2', 'waiting', 'Ethics Case Workshop'),
  row('3', 'pending', 'Advanced Needs Analysis Clinic'),
  row('4', 'rejected', 'Customer Service Open Day'),
  row('5', 'cancelled', 'Customer Service Open Day'),
];

/** /offline/mine: the learner's enrolments and history. */
const meta = {
  title: 'Pages/Offline/My enrolments',
  component: OfflineEnrolmentsView,
  decorators: [
    (Story) => (
      <MemoryRouter>
        <Story />
      </MemoryRouter>
    ),
  ],
  args: {
    view: { status: 'loaded', result: { data, page: 1, per_page: 10, total: 5 }, failure: null, pages: 1 },
    status: '',
    page: 1,
    onStatus: fn(),
    onPage: fn(),
    onRetry: fn(),
    onOpen: fn(),
  },
} satisfies Meta<typeof OfflineEnrolmentsView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const History: Story = {};
export const Empty: Story = { args: { view: { status: 'empty', result: { data: [], page: 1, per_page: 10, total: 0 }, failure: null, pages: 1 } } };
export const LoadFailed: Story = { args: { view: { status: 'failed', result: null, failure: { kind: 'server', message: 'Classroom courses are not available.' }, pages: 1 } } };
