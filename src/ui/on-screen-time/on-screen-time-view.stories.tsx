import type { Meta, StoryObj } from '@storybook/react-vite';
import { OnScreenTimeView } from './on-screen-time-view';
import { machineDiagramStory } from '../testing/machine-diagram';

/** The course's time on screen (SPEC §4 on-screen time tracking). */
const meta = {
  title: 'Learning/OnScreenTime',
  component: OnScreenTimeView,
  args: { status: 'counting', seconds: 4_321 },
} satisfies Meta<typeof OnScreenTimeView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Counting: Story = {};
export const Paused: Story = { args: { status: 'paused' } };
export const Completed: Story = { args: { status: 'completed', seconds: 7_200 } };
export const Loading: Story = { args: { status: 'loading', seconds: 0 } };
export const Error: Story = { args: { status: 'error', seconds: 0 } };

// The machine behind these stories (docs/machines/, generated from its definition).
export const OnScreenTimeDiagram = machineDiagramStory('on-screen-time');
