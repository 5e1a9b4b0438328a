import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { AppDownloadDialog } from './app-download-dialog';

const meta = {
  title: 'Dialogs/AppDownloadDialog',
  component: AppDownloadDialog,
  globals: { viewport: { value: 'phone', isRotated: false } },
  args: { open: true, link: 'https://apps.example.test/agent-academy', canClose: true, onClose: fn() },
} satisfies Meta<typeof AppDownloadDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithLinkClosable: Story = {};
export const WithLinkNotClosable: Story = { args: { canClose: false } };
export const NoLinkNotClosable: Story = { args: { link: null, canClose: false } };
export const NoLinkClosable: Story = { args: { link: null, canClose: true } };
