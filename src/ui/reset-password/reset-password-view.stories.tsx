import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { resetPasswordMachine } from '../../machines/reset-password/reset-password.machine';
import { selectResetPasswordView } from '../../machines/reset-password/reset-password.selectors';
import { ResetPasswordView } from './reset-password-view';
import { machineDiagramStory } from '../testing/machine-diagram';

const state = (value: 'editing' | 'submitting' | 'failed' | 'succeeded', error: string | null = null) =>
  selectResetPasswordView(resetPasswordMachine.resolveState({ value, context: { error, result: null } }));

const meta = {
  title: 'Pages/ResetPassword',
  component: ResetPasswordView,
  args: { productTitle: 'Agent Academy', token: 'k2n4b6x8', onSubmit: fn(), onEdit: fn(), onNavigate: fn(), ...state('editing') },
} satisfies Meta<typeof ResetPasswordView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Editing: Story = {};
export const Submitting: Story = { args: state('submitting') };
export const LinkInvalid: Story = {
  args: state('failed', 'This password reset link is invalid, has expired or has already been used. Please request a new one.'),
};
export const GenericFailure: Story = { args: state('failed') };
export const Done: Story = { args: state('succeeded') };
export const LinkWithoutToken: Story = { args: { token: null } };

// The machine behind these stories (docs/machines/, generated from its definition).
export const ResetPasswordDiagram = machineDiagramStory('reset-password');
