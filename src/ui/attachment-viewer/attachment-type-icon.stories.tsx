import type { Meta, StoryObj } from '@storybook/react-vite';
import { ATTACHMENT_TYPES } from '../../config/constants';
import { AttachmentTypeIcon } from './attachment-type-icon';

/** SPEC §3 attachment type icons. */
const meta = {
  title: 'Learning/AttachmentTypeIcon',
  component: AttachmentTypeIcon,
  args: { type: 'pdf', size: 40 },
} satisfies Meta<typeof AttachmentTypeIcon>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Pdf: Story = {};
export const AllTypes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 16 }}>
      {ATTACHMENT_TYPES.map((type) => (
        <AttachmentTypeIcon key={type} {...args} type={type} />
      ))}
    </div>
  ),
};
