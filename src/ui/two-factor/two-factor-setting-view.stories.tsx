import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { StateValue } from 'xstate';
import { twoFactorMachine, type TwoFactorContext } from '../../machines/two-factor/two-factor.machine';
import { selectTwoFactorSettingView } from '../../machines/two-factor/two-factor.selectors';
import { TwoFactorSettingView } from './two-factor-setting-view';
import { machineDiagramStory } from '../testing/machine-diagram';

// A small QR-like SVG: the real one comes from the server (qrcode package).
const qrSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 7 7" shape-rendering="crispEdges"><rect width="7" height="7" fill="#fff"/>' +
  '<path d="M0 0h3v3H0zM4 0h3v3H4zM0 4h3v3H0zM4 4h1v1H4zM6 6h1v1H6zM5 5h1v1H5z" fill="#000"/></svg>';
const activation = { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/Agent%20Academy:agent01?secret=JBSWY3DPEHPK3PXP', qr_svg: qrSvg };
const info = { enabled: false, pending: false, required: false };

const state = (value: StateValue, context: Partial<TwoFactorContext> = {}) =>
  selectTwoFactorSettingView(
    twoFactorMachine.resolveState({
      value: { manage: value } as StateValue,
      context: { credentials: null, info, activation: null, error: null, justActivated: false, ...context },
    }),
  );

const meta = {
  title: 'Pages/Setting/Two-factor',
  component: TwoFactorSettingView,
  args: {
    productTitle: 'Agent Academy',
    externalId: 'agent01',
    onStart: fn(),
    onPasswordSubmit: fn(),
    onPasswordEdit: fn(),
    onNext: fn(),
    onBack: fn(),
    onCancel: fn(),
    onCodeSubmit: fn(),
    onCodeEdit: fn(),
    onDeactivate: fn(),
    onConfirmDeactivate: fn(),
    onProofEdit: fn(),
    onCancelDeactivate: fn(),
    onRetry: fn(),
    onSignInAgain: fn(),
    onNavigate: fn(),
    ...state('disabled'),
  },
} satisfies Meta<typeof TwoFactorSettingView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: state('loading') };
export const LoadFailed: Story = { args: state('loadFailed', { error: 'Cannot reach the server. Please check your connection and try again.' }) };
export const Off: Story = {};
export const OffRequired: Story = { args: state('disabled', { info: { ...info, required: true } }) };
export const Password: Story = { args: state({ activation: 'password' }) };
export const PasswordAgentCodeUnknown: Story = { args: { ...state({ activation: 'password' }), externalId: null } };
export const PasswordChecking: Story = { args: state({ activation: 'activating' }) };
export const PasswordWrong: Story = { args: state({ activation: 'passwordFailed' }, { error: 'The agent code or password is incorrect.' }) };
export const QrShown: Story = { args: state({ activation: 'showing' }, { activation }) };
export const Code: Story = { args: state({ activation: 'code' }, { activation }) };
export const CodeCompleting: Story = { args: state({ activation: 'completing' }, { activation }) };
export const CodeWrong: Story = {
  args: state(
    { activation: 'codeFailed' },
    { activation, error: 'The code is incorrect or has already been used. Please enter the current 6-digit code from your authenticator app.' },
  ),
};
export const Activated: Story = { args: state('enabled', { info: { ...info, enabled: true }, justActivated: true }) };
export const ActivatedRequired: Story = { args: state('enabled', { info: { ...info, enabled: true, required: true }, justActivated: true }) };
export const On: Story = { args: state('enabled', { info: { ...info, enabled: true } }) };
export const DeactivationConfirm: Story = { args: state({ deactivation: 'confirming' }, { info: { ...info, enabled: true } }) };
export const Deactivating: Story = { args: state({ deactivation: 'deactivating' }, { info: { ...info, enabled: true } }) };
export const DeactivationFailed: Story = { args: state({ deactivation: 'failed' }, { info: { ...info, enabled: true } }) };
/** The server refused the password or code: its words in the dialog, which stays open (ASVS 7.5.1). */
export const DeactivationWrongProof: Story = {
  args: state(
    { deactivation: 'failed' },
    { info: { ...info, enabled: true }, error: 'The password or code is incorrect. Two-factor authentication stays on.' },
  ),
};
export const Deactivated: Story = { args: state('deactivated', { info: { ...info, enabled: true } }) };
export const SignInAgain: Story = { args: state('signInAgain', { error: 'Please complete two-factor authentication first.' }) };

// The machine behind these stories (docs/machines/, generated from its definition).
export const TwoFactorDiagram = machineDiagramStory('two-factor');
