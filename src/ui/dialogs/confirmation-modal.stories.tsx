import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ConfirmationModal } from './confirmation-modal';

const meta = {
  title: 'Dialogs/ConfirmationModal',
  component: ConfirmationModal,
  args: {
    open: true,
    content: 'Do you want to cancel this enrolment?',
    onConfirm: fn(),
    onCancel: fn(),
    onClose: fn(),
  },
} satisfies Meta<typeof ConfirmationModal>;
export default meta;
type Story = StoryObj<typeof meta>;

export const PlainText: Story = {};
export const Multiline: Story = {
  args: { content: 'You are leaving the examination.\nYour answers so far are saved.\nThe timer keeps running.' },
};
export const WithTitle: Story = { args: { title: 'Cancel enrolment' } };
export const CustomLabelsAndColour: Story = {
  args: { title: 'Delete the draft?', content: 'This cannot be undone.', cancelLabel: 'Keep it', confirmLabel: 'Delete', confirmColor: 'danger' },
};
export const CustomContent: Story = {
  args: {
    content: undefined,
    title: 'Assign enrolment',
    children: (
      <ul>
        <li>Chan Tai Man (agent01)</li>
        <li>Wong Siu Ming (agent02)</li>
      </ul>
    ),
  },
};
export const ContentComponentWithData: Story = {
  args: {
    content: undefined,
    title: 'Enrol',
    data: { course: 'Ethics and Compliance 2026', seats: 4 },
    render: (d) => {
      const { course, seats } = d as { course: string; seats: number };
      return (
        <p>
          Enrol in <strong>{course}</strong>? {seats} seats left.
        </p>
      );
    },
  },
};
