import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { LogoutView } from './logout-view';

const meta = {
  title: 'Pages/Logout',
  component: LogoutView,
  args: { productTitle: 'Agent Academy', onNavigate: fn() },
} satisfies Meta<typeof LogoutView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const LoggingOut: Story = {};
