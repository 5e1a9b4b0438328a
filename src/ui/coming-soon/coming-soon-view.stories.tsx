import type { Meta, StoryObj } from '@storybook/react-vite';
import { ComingSoonView } from './coming-soon-view';

const meta = {
  title: 'Pages/ComingSoon',
  component: ComingSoonView,
  args: { title: 'All Courses' },
} satisfies Meta<typeof ComingSoonView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
