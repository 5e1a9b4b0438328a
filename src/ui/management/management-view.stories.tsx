import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { fn } from 'storybook/test';
import { allBlockedList, assignData, confirmedList, listOf, pendingList, rejectedList, sampleDownlines, sampleReport } from '../../machines/management/management.fixtures';
import { managementMachine, type ManagementContext } from '../../machines/management/management.machine';
import { selectManagementView, type ManagementSnapshot } from '../../machines/management/management.selectors';
import { ManagementView } from './management-view';
import { machineDiagramStory } from '../testing/machine-diagram';

// Every visible state of /management, from the page machine's states through the selectors.

const base: ManagementContext = {
  tab: 'pending',
  q: '',
  page: 1,
  period: { from: null, to: null },
  data: { kind: 'list', list: pendingList },
  selected: [],
  courseId: null,
  rejectId: null,
  notice: null,
  error: null,
};
const view = (value: string, context: Partial<ManagementContext> = {}) =>
  selectManagementView(managementMachine.resolveState({ value, context: { ...base, ...context } }) as ManagementSnapshot);

const meta = {
  title: 'Pages/Management',
  component: ManagementView,
  decorators: [
    (Story) => (
      <MemoryRouter>
        <Story />
      </MemoryRouter>
    ),
  ],
  args: {
    view: view('ready'),
    onTab: fn(),
    onSearch: fn(),
    onPage: fn(),
    onPeriod: fn(),
    onRetry: fn(),
    onApprove: fn(),
    onRejectOpen: fn(),
    onRejectCancel: fn(),
    onRejectConfirm: fn(),
    onApproveAll: fn(),
    onCourse: fn(),
    onToggle: fn(),
    onAssign: fn(),
    onDownloadCsv: fn(),
  },
} satisfies Meta<typeof ManagementView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { view: view('loading', { data: null }) } };
export const LoadFailed: Story = { args: { view: view('loadFailed', { data: null, error: 'The service is unavailable.' }) } };
/** Three requests, the last one's course has no seat left (approve disabled, the reason shown). */
export const Pending: Story = {};
export const PendingSecondPage: Story = { args: { view: view('ready', { data: { kind: 'list', list: { ...pendingList, total: 25, page: 2 } }, page: 2 }) } };
export const PendingEmpty: Story = { args: { view: view('ready', { data: { kind: 'list', list: listOf([]) } }) } };
/** No pending request has a seat: approve all is not offered. */
export const PendingAllBlocked: Story = { args: { view: view('ready', { data: { kind: 'list', list: allBlockedList } }) } };
export const Searched: Story = { args: { view: view('ready', { q: 'wong', data: { kind: 'list', list: listOf([pendingList.data[0]]) } }) } };
export const Approving: Story = { args: { view: view('approving') } };
export const Approved: Story = { args: { view: view('ready', { notice: { kind: 'approved' } }) } };
export const ApproveFailed: Story = { args: { view: view('ready', { error: 'This enrolment is no longer pending.' }) } };
export const RejectDialog: Story = { args: { view: view('rejecting', { rejectId: '2' }) } };
export const RejectSending: Story = { args: { view: view('submittingReject', { rejectId: '2' }) } };
export const RejectRefused: Story = { args: { view: view('rejecting', { rejectId: '2', error: 'This enrolment is no longer pending.' }) } };
export const Rejected: Story = { args: { view: view('ready', { notice: { kind: 'rejected' } }) } };
export const ApprovedAllSomeLeft: Story = {
  args: {
    view: view('ready', {
      data: { kind: 'list', list: allBlockedList },
      notice: { kind: 'approvedAll', approved: 2, leftPending: [{ id: '3', reason: 'No seat is left in this course: the request stays pending.' }] },
    }),
  },
};
export const Confirmed: Story = { args: { view: view('ready', { tab: 'confirmed', data: { kind: 'list', list: confirmedList } }) } };
export const ConfirmedEmpty: Story = { args: { view: view('ready', { tab: 'confirmed', data: { kind: 'list', list: listOf([]) } }) } };
export const RejectedList: Story = { args: { view: view('ready', { tab: 'rejected', data: { kind: 'list', list: rejectedList } }) } };
export const RejectedEmpty: Story = { args: { view: view('ready', { tab: 'rejected', data: { kind: 'list', list: listOf([]) } }) } };
export const Assign: Story = { args: { view: view('ready', { tab: 'assign', data: assignData }) } };
export const AssignChosen: Story = { args: { view: view('ready', { tab: 'assign', data: assignData, courseId: '11', selected: ['d1', 'd2', 'd3'] }) } };
/** Ten chosen: the others cannot be ticked (SPEC §9). */
export const AssignFull: Story = { args: { view: view('ready', { tab: 'assign', data: assignData, courseId: '11', selected: sampleDownlines.slice(0, 10).map((d) => d.id) }) } };
export const Assigning: Story = { args: { view: view('assigning', { tab: 'assign', data: assignData, courseId: '11', selected: ['d1', 'd2', 'd3'] }) } };
export const Assigned: Story = { args: { view: view('ready', { tab: 'assign', data: assignData, notice: { kind: 'assigned', assigned: 2, already: 1 } }) } };
export const AssignRefused: Story = {
  args: { view: view('ready', { tab: 'assign', data: assignData, courseId: '11', selected: ['d1', 'd2', 'd3'], error: 'Only 2 seats are left in this course.' }) },
};
export const AssignNothingOpen: Story = {
  args: { view: view('ready', { tab: 'assign', data: { kind: 'assign', downlines: sampleDownlines, courses: [], history: listOf([]) } }) },
};
export const Report: Story = { args: { view: view('ready', { tab: 'report', data: { kind: 'report', report: sampleReport } }) } };
export const ReportEmpty: Story = { args: { view: view('ready', { tab: 'report', data: { kind: 'report', report: { ...sampleReport, rows: [] } } }) } };
export const ReportDownloading: Story = { args: { view: view('downloading', { tab: 'report', data: { kind: 'report', report: sampleReport } }) } };
export const ReportDownloaded: Story = { args: { view: view('ready', { tab: 'report', data: { kind: 'report', report: sampleReport }, notice: { kind: 'downloaded' } }) } };
/** With the link to the recruit accounts page (built by another session). */
export const WithRecruitsLink: Story = { args: { recruitsHref: '/management/recruits' } };

// The machine behind these stories (docs/machines/, generated from its definition).
export const ManagementDiagram = machineDiagramStory('management');
