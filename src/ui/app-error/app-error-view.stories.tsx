import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { AppErrorView } from './app-error-view';

const meta = {
  title: 'Pages/AppError',
  component: AppErrorView,
  args: {
    title: 'Something went wrong',
    message: 'The app could not open this page. Please check your connection and try again.',
    reloadLabel: 'Reload',
    onReload: fn(),
  },
} satisfies Meta<typeof AppErrorView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
