import type { Meta, StoryObj } from '@storybook/react-vite';
import { LoadingOverlay } from './loading-overlay';

const meta = {
  title: 'Layout/LoadingOverlay',
  component: LoadingOverlay,
  decorators: [
    (Story) => (
      <div style={{ position: 'relative', height: 240, margin: 24, border: '1px dashed #a3acb6', padding: 16 }}>
        <p>Container content under the overlay.</p>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof LoadingOverlay>;
export default meta;
type Story = StoryObj<typeof meta>;

export const InContainer: Story = {};
export const WithText: Story = { args: { text: 'Loading your courses...' } };
export const FullPage: Story = { args: { fullPage: true, text: 'Signing in...' } };
