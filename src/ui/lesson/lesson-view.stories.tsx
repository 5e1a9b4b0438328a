import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { LessonView } from './lesson-view';
import { machineDiagramStory } from '../testing/machine-diagram';

const body = 'Agents must put the customer first.\n\nThis reading explains the duties of honesty, fairness and due care that the regulator expects.';

/** The item page of a course: a reading with its on-screen time, or an attachment (its own stories). */
const meta = {
  title: 'Pages/Lesson',
  component: LessonView,
  args: {
    status: 'ready',
    courseId: '1',
    courseTitle: 'Insurance Ethics and Compliance',
    lessonTitle: 'Lesson 1: Duties of an agent',
    itemTitle: 'Putting the customer first',
    reading: { body, requiredSeconds: 30, spentSeconds: 12 },
    timer: <span>00:12:45</span>,
    previous: null,
    next: { courseId: '1', itemId: '2', title: 'Video: a good sales conversation' },
    onRetry: fn(),
  },
} satisfies Meta<typeof LessonView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Reading: Story = {};
export const ReadingCompleted: Story = { args: { completed: true, reading: { body, requiredSeconds: 30, spentSeconds: 31 } } };
export const Attachment: Story = {
  args: {
    reading: undefined,
    content: <div style={{ background: '#222', color: '#fff', padding: 40 }}>attachment viewer</div>,
    previous: { courseId: '1', itemId: '1', title: 'Putting the customer first' },
    next: null,
  },
};
export const Loading: Story = { args: { status: 'loading' } };
export const LoadFailed: Story = { args: { status: 'failed' } };
export const NotFound: Story = { args: { status: 'not_found' } };

// The machine behind these stories (docs/machines/, generated from its definition).
export const LessonDiagram = machineDiagramStory('lesson');
export const LessonAttachmentDiagram = machineDiagramStory('lesson-attachment');
