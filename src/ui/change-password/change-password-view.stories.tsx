import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { changePasswordMachine } from '../../machines/change-password/change-password.machine';
import { selectChangePasswordView } from '../../machines/change-password/change-password.selectors';
import { ChangePasswordView } from './change-password-view';
import { machineDiagramStory } from '../testing/machine-diagram';

const state = (value: 'editing' | 'submitting' | 'failed' | 'succeeded', error: string | null = null) =>
  selectChangePasswordView(changePasswordMachine.resolveState({ value, context: { error, result: null } }));

const meta = {
  title: 'Pages/ChangePassword',
  component: ChangePasswordView,
  args: { forced: false, onSubmit: fn(), onEdit: fn(), onNavigate: fn(), ...state('editing') },
} satisfies Meta<typeof ChangePasswordView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Editing: Story = {};
export const ForcedReset: Story = { args: { forced: true } };
export const Submitting: Story = { args: state('submitting') };
export const WrongCurrentPassword: Story = { args: state('failed', 'The current password is incorrect.') };
export const NetworkFailure: Story = { args: state('failed') };
export const Changed: Story = { args: state('succeeded') };

// The machine behind these stories (docs/machines/, generated from its definition).
export const ChangePasswordDiagram = machineDiagramStory('change-password');
