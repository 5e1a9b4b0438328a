import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { timeoutDialogAt } from './session-story-states';
import { SessionTimeoutDialog } from './session-timeout-dialog';
import { machineDiagramStory } from '../testing/machine-diagram';

/** SPEC §2 "Session timeout dialog", in each state of the idle-timeout machine that shows it. */
const meta = {
  title: 'Dialogs/SessionTimeout',
  component: SessionTimeoutDialog,
  args: { ...timeoutDialogAt('prompting', 60), onContinue: fn(), onLeave: fn() },
} satisfies Meta<typeof SessionTimeoutDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The box has just opened: the count starts at confirmBoxTimeleftSecond (rule 9). */
export const Counting: Story = {};
export const LastSeconds: Story = { args: timeoutDialogAt('prompting', 3) };
export const LastSecond: Story = { args: timeoutDialogAt('prompting', 1) };
/** Continue was pressed: the token is being renewed (rule 4). */
export const Continuing: Story = { args: timeoutDialogAt('continuing', 42) };

// The machine behind these stories (docs/machines/, generated from its definition).
export const IdleTimeoutDiagram = machineDiagramStory('idle-timeout');
