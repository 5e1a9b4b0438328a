import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { CourseCard } from './course-card';
import { completedCard, inProgressCard, sampleCard } from './samples';

const phone = { viewport: { value: 'phone', isRotated: false } };

/** A catalogue card: every variant of kind, enrolment status, like and rank. */
const meta = {
  title: 'Courses/CourseCard',
  component: CourseCard,
  args: { course: sampleCard, onNavigate: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 320, padding: 16 }}>{Story()}</div>],
} satisfies Meta<typeof CourseCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Compulsory, not enrolled: no progress bar. */
export const NotEnrolled: Story = {};
/** Elective, in progress (40 %), liked by the learner. */
export const InProgressLiked: Story = { args: { course: inProgressCard } };
/** Recommended and completed. */
export const Completed: Story = { args: { course: completedCard } };
/** On the ranking list: its rank over the cover. */
export const Ranked: Story = { args: { course: sampleCard, rank: 1 } };
/** A long title and department wrap instead of overflowing. */
export const LongTexts: Story = {
  args: {
    course: {
      ...sampleCard,
      title: 'Anti-Money Laundering and Counter-Terrorist Financing for Long-Term Insurance Business (2026 Update)',
      department: 'Compliance and Regulatory Affairs',
    },
  },
};
/** A cover that is missing falls back to the placeholder. */
export const NoCover: Story = { args: { course: { ...sampleCard, cover_url: '' } } };
export const Phone: Story = { args: { course: inProgressCard }, globals: phone };
