import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { fn } from 'storybook/test';
import { offlineEnrolmentMachine, type OfflineEnrolmentContext } from '../../machines/offline-enrolment/offline-enrolment.machine';
import { checkedIn, checkedOut, sampleCourse, sampleEnrolment, sampleSession, type SampleCourseOptions } from '../../machines/offline-enrolment/offline-enrolment.fixtures';
import { selectOfflineEnrolmentView, type OfflineEnrolmentSnapshot } from '../../machines/offline-enrolment/offline-enrolment.selectors';
import { OfflineEnrolmentView } from './offline-enrolment-view';
import { machineDiagramStory } from '../testing/machine-diagram';

// Every visible state of a learner's enrolment (issue 14), from the offline-enrolment machine's states through the selectors.

function view(value: string, options: SampleCourseOptions = {}, context: Partial<OfflineEnrolmentContext> = {}) {
  const course = sampleCourse(options);
  const attendance: OfflineEnrolmentContext['attendance'] = {};
  for (const s of course.sessions) if (s.my_attendance) attendance[s.id] = s.my_attendance;
  const base: OfflineEnrolmentContext = {
    courseId: course.id,
    course,
    enrolment: course.my_enrolment,
    termsAccepted: false,
    problem: null,
    failed: false,
    attendance,
    check: null,
    checkProblem: null,
    autoCheck: null,
  };
  return selectOfflineEnrolmentView(offlineEnrolmentMachine.resolveState({ value, context: { ...base, ...context } }) as OfflineEnrolmentSnapshot);
}

const confirmed = sampleEnrolment('confirmed');
const { session_id: _in, ...inOnly } = checkedIn();
const { session_id: _out, ...inAndOut } = checkedOut();

const meta = {
  title: 'Pages/Offline/Course and enrolment',
  component: OfflineEnrolmentView,
  decorators: [
    (Story) => (
      <MemoryRouter>
        <Story />
      </MemoryRouter>
    ),
  ],
  args: {
    view: view('browsing'),
    onRetry: fn(),
    onRefresh: fn(),
    onEnrol: fn(),
    onBack: fn(),
    onToggleTerms: fn(),
    onSubmit: fn(),
    onCancel: fn(),
    onConfirmCancel: fn(),
    onDismissCancel: fn(),
    onCheck: fn(),
  },
} satisfies Meta<typeof OfflineEnrolmentView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { view: { status: 'loading' } } };
export const LoadFailed: Story = { args: { view: { status: 'load_failed', message: 'The classroom course was not found.' } } };
/** Open, never enrolled: every SPEC §3 field and the Enrol button. */
export const Browsing: Story = {};
/** A prerequisite unmet: no Enrol; each unmet prerequisite group is named, each course a link. */
export const PrerequisitesUnmet: Story = { args: { view: view('browsing', { prerequisitesMet: false }) } };
export const AcceptingTerms: Story = { args: { view: view('acceptingTerms') } };
export const TermsAccepted: Story = { args: { view: view('acceptingTerms', {}, { termsAccepted: true }) } };
export const SubmitFailed: Story = {
  args: { view: view('acceptingTerms', {}, { termsAccepted: true, failed: true, problem: 'You have no permission to join this course: enrolment is not open now.' }) },
};
/** Full: the learner may join the waiting list. */
export const Full: Story = { args: { view: view('browsing', { availability: 'full' }) } };
export const FullAcceptingTerms: Story = { args: { view: view('acceptingTerms', { availability: 'full' }, { termsAccepted: true }) } };
export const Closed: Story = { args: { view: view('browsing', { availability: 'closed' }) } };
export const Pending: Story = { args: { view: view('pending', { enrolment: sampleEnrolment('pending') }) } };
export const Confirmed: Story = { args: { view: view('confirmed', { enrolment: confirmed }) } };
export const Rejected: Story = { args: { view: view('rejected', { enrolment: sampleEnrolment('rejected') }) } };
export const WaitingWithPosition: Story = { args: { view: view('waiting', { availability: 'full', enrolment: sampleEnrolment('waiting') }) } };
export const Cancelled: Story = { args: { view: view('cancelled', { enrolment: sampleEnrolment('cancelled', { can_cancel: false }) }) } };
export const ConfirmingCancel: Story = { args: { view: view('confirmingCancel', { enrolment: confirmed }) } };
export const CancelClosed: Story = { args: { view: view('confirmed', { enrolment: sampleEnrolment('confirmed', { can_cancel: false }) }) } };
export const WrongCode: Story = {
  args: { view: view('confirmed', { enrolment: confirmed }, { checkProblem: { sessionId: '41', message: 'The check-in code is wrong.' } }) },
};
export const CheckedIn: Story = { args: { view: view('confirmed', { enrolment: confirmed, sessions: [sampleSession({ my_attendance: inOnly })] }) } };
/** Checked out: attendance time and the CPD time it credits. */
export const CheckedOut: Story = { args: { view: view('confirmed', { enrolment: confirmed, sessions: [sampleSession({ my_attendance: inAndOut })] }) } };

// The machine behind these stories (docs/machines/, generated from its definition).
export const OfflineEnrolmentDiagram = machineDiagramStory('offline-enrolment');
