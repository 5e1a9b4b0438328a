import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { SignOutView } from './sign-out-view';

const meta = {
  title: 'Pages/Logout',
  component: SignOutView,
  args: { productTitle: 'Agent Academy', onNavigate: fn() },
} satisfies Meta<typeof SignOutView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const LoggingOut: Story = {};
