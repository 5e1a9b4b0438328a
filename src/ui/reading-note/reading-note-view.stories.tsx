import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ReadingNoteView } from './reading-note-view';

const meta = {
  title: 'Pages/ReadingNote',
  component: ReadingNoteView,
  args: { status: 'ready', items: [{ id: '1', title: 'First' }], canRetry: false, onRetry: fn() },
} satisfies Meta<typeof ReadingNoteView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {};
export const Loading: Story = { args: { status: 'loading', items: [] } };
export const Failed: Story = { args: { status: 'failed', items: [], canRetry: true } };
export const TraditionalChinese: Story = { globals: { locale: 'zh' } };
export const SimplifiedChinese: Story = { globals: { locale: 'cn' } };
