import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ForbiddenView } from './forbidden-view';

/** A page whose data the server refused (403 Forbidden): inside the shell, with a way back. */
const meta = {
  title: 'Pages/Forbidden',
  component: ForbiddenView,
  args: { message: "Only this session's trainer can see its codes.", canGoBack: true, onBack: fn() },
} satisfies Meta<typeof ForbiddenView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithReason: Story = {};
export const OpenedDirectly: Story = { args: { message: null, canGoBack: false } };
export const TraditionalChinese: Story = { args: { message: null }, globals: { locale: 'zh' } };
export const SimplifiedChinese: Story = { args: { message: null }, globals: { locale: 'cn' } };
