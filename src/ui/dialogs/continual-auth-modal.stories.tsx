import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ContinualAuthModal } from './continual-auth-modal';
import { continualAuthModalAt } from './continual-auth-story-states';
import { machineDiagramStory } from '../testing/machine-diagram';

/** SPEC §2 "Continual authentication modal", in each state of the continual-auth machine that shows it. */
const meta = {
  title: 'Dialogs/ContinualAuth',
  component: ContinualAuthModal,
  args: { ...continualAuthModalAt('editing', 'password'), onSubmit: fn(), onCancel: fn() },
} satisfies Meta<typeof ContinualAuthModal>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A scheduled prompt: not cancellable; confirm waits for a password. */
export const Password: Story = {};
export const Authenticator: Story = { args: continualAuthModalAt('editing', 'authenticator') };
/** The challenge type is being read (two-factor info). */
export const Preparing: Story = { args: continualAuthModalAt('preparing', 'password') };
export const PasswordChecking: Story = { args: continualAuthModalAt('checking', 'password') };
export const AuthenticatorChecking: Story = { args: continualAuthModalAt('checking', 'authenticator') };
export const WrongPassword: Story = { args: continualAuthModalAt('failed', 'password', { error: 'Agent code or password is incorrect.' }) };
export const WrongCode: Story = { args: continualAuthModalAt('failed', 'authenticator', { error: 'The code is not valid. Please try again.' }) };
/** No message from the server (network failure): the modal's own text. */
export const GenericFailure: Story = { args: continualAuthModalAt('failed', 'password') };
/** The manual prompt from the history page: it can be cancelled. */
export const ManualPassword: Story = { args: continualAuthModalAt('editing', 'password', { manual: true }) };
export const ManualAuthenticator: Story = { args: continualAuthModalAt('editing', 'authenticator', { manual: true }) };
export const ManualChecking: Story = { args: continualAuthModalAt('checking', 'password', { manual: true }) };

// The machine behind these stories (docs/machines/, generated from its definition).
export const ContinualAuthDiagram = machineDiagramStory('continual-auth');
