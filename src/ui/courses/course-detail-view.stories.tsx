import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { CourseDetailView } from './course-detail-view';
import { sampleCourse } from './samples';
import { machineDiagramStory } from '../testing/machine-diagram';

const phone = { viewport: { value: 'phone', isRotated: false } };
const notStarted = {
  ...sampleCourse,
  status: 'not_enrolled' as const,
  progress: 0,
  completed_items: 0,
  liked: false,
  lessons: sampleCourse.lessons.map((l) => ({ ...l, items: l.items.map((i) => ({ ...i, completed: false, duration: 0 })) })),
};
const completed = {
  ...sampleCourse,
  status: 'completed' as const,
  progress: 100,
  completed_items: 3,
  completed_at: '2026-02-10T10:00:00.000Z',
  lessons: sampleCourse.lessons.map((l) => ({ ...l, items: l.items.map((i) => ({ ...i, completed: true })) })),
};

/** The course page: enrol/continue, like, progress, lessons and items, and its states. */
const meta = {
  title: 'Courses/CourseDetail',
  component: CourseDetailView,
  args: {
    status: 'ready',
    course: sampleCourse,
    failure: null,
    likeBusy: false,
    likeFailure: null,
    enrolBusy: false,
    enrolFailure: null,
    onLike: fn(),
    onEnrol: fn(),
    onRetry: fn(),
    onNavigate: fn(),
  },
} satisfies Meta<typeof CourseDetailView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Enrolled, 1 of 3 items done, liked: "Continue" leads to the next item. */
export const InProgress: Story = {};
export const NotEnrolled: Story = { args: { course: notStarted } };
export const Enrolling: Story = { args: { course: notStarted, enrolBusy: true } };
export const EnrolFailed: Story = { args: { course: notStarted, enrolFailure: { kind: 'server', message: 'Enrolment for this course is closed.' } } };
/** Enrolled, nothing done yet: "Start". */
export const Started: Story = { args: { course: { ...notStarted, status: 'in_progress' } } };
export const Completed: Story = { args: { course: completed } };
/** The like is on screen at once while the server stores it. */
export const LikeSaving: Story = { args: { likeBusy: true } };
export const LikeFailed: Story = { args: { course: { ...sampleCourse, liked: false, likes: 11 }, likeFailure: { kind: 'generic' } } };
export const NoLessons: Story = { args: { course: { ...sampleCourse, lessons: [], total_items: 0, completed_items: 0 } } };
export const Loading: Story = { args: { status: 'loading', course: null } };
export const Failed: Story = { args: { status: 'failed', course: null, failure: { kind: 'server', message: 'The service is unavailable. Try again later.' } } };
export const Phone: Story = { globals: phone };

// The machine behind these stories (docs/machines/, generated from its definition).
export const CourseDetailDiagram = machineDiagramStory('course-detail');
