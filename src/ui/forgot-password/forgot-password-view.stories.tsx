import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { forgotPasswordMachine } from '../../machines/forgot-password/forgot-password.machine';
import { selectForgotPasswordView } from '../../machines/forgot-password/forgot-password.selectors';
import { ForgotPasswordView } from './forgot-password-view';
import { machineDiagramStory } from '../testing/machine-diagram';

const state = (value: 'editing' | 'submitting' | 'failed' | 'succeeded', context: { result?: string | null; error?: string | null } = {}) =>
  selectForgotPasswordView(forgotPasswordMachine.resolveState({ value, context: { result: null, error: null, ...context } }));

const meta = {
  title: 'Pages/ForgotPassword',
  component: ForgotPasswordView,
  args: { productTitle: 'Agent Academy', onSubmit: fn(), onEdit: fn(), onNavigate: fn(), ...state('editing') },
} satisfies Meta<typeof ForgotPasswordView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Editing: Story = {};
export const Submitting: Story = { args: state('submitting') };
export const Failed: Story = { args: state('failed', { error: 'Too many requests. Please try again later.' }) };
export const Sent: Story = { args: state('succeeded', { result: 'If the agent code and email match, a reset email has been sent.' }) };

// The machine behind these stories (docs/machines/, generated from its definition).
export const ForgotPasswordDiagram = machineDiagramStory('forgot-password');
