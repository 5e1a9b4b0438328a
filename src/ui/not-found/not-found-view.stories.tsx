import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { NotFoundView } from './not-found-view';

const meta = {
  title: 'Pages/NotFound',
  component: NotFoundView,
  args: { onBack: fn() },
} satisfies Meta<typeof NotFoundView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const TraditionalChinese: Story = { globals: { locale: 'zh' } };
export const SimplifiedChinese: Story = { globals: { locale: 'cn' } };
