import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { signInMachine } from '../../machines/sign-in/sign-in.machine';
import { selectSignInView } from '../../machines/sign-in/sign-in.selectors';
import { SignInView } from './sign-in-view';
import { machineDiagramStory } from '../testing/machine-diagram';

// Each story's props come from a real machine state through the selectors (DESIGN §4).
const state = (value: 'editing' | 'submitting' | 'failed', error: string | null = null) => {
  const { busy, failure } = selectSignInView(signInMachine.resolveState({ value, context: { error, result: null } }));
  return { busy, failure };
};

const meta = {
  title: 'Pages/Login',
  component: SignInView,
  args: {
    productTitle: 'Agent Academy',
    language: 'en',
    showLanguageSelect: true,
    showForgotPassword: true,
    onSubmit: fn(),
    onEdit: fn(),
    onLanguageChange: fn(),
    onNavigate: fn(),
    ...state('editing'),
  },
} satisfies Meta<typeof SignInView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {};
export const Submitting: Story = { args: state('submitting') };
export const ServerError: Story = { args: state('failed', 'Agent code or password is incorrect.') };
export const GenericError: Story = { args: state('failed') };
export const Phone: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };

// The machine behind these stories (docs/machines/, generated from its definition).
export const SignInDiagram = machineDiagramStory('sign-in');
