import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { twoFactorMachine } from '../../machines/two-factor/two-factor.machine';
import { selectTwoFactorCodeView } from '../../machines/two-factor/two-factor.selectors';
import { TwoFactorCodeView } from './two-factor-code-view';

// Props from real machine states through the selectors (DESIGN §4).
const credentials = { external_id: 'agent2fa', password: 'Secure2026' };
const state = (value: 'entering' | 'verifying' | 'failed', error: string | null = null) => {
  const { busy, failure } = selectTwoFactorCodeView(
    twoFactorMachine.resolveState({ value: { signIn: value }, context: { credentials, info: null, activation: null, error, justActivated: false } }),
  );
  return { busy, failure };
};

const meta = {
  title: 'Pages/Login/Two-factor code',
  component: TwoFactorCodeView,
  args: { productTitle: 'Agent Academy', onSubmit: fn(), onEdit: fn(), onCancel: fn(), ...state('entering') },
} satisfies Meta<typeof TwoFactorCodeView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Entering: Story = {};
export const Verifying: Story = { args: state('verifying') };
export const WrongCode: Story = {
  args: state('failed', 'The code is incorrect or has already been used. Please enter the current 6-digit code from your authenticator app.'),
};
export const RateLimited: Story = { args: state('failed', 'Too many failed attempts. Please try again in 15 min.') };
export const GenericFailure: Story = { args: state('failed') };
