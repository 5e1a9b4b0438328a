import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Modal } from './dialog';

/** The dialog primitive the product dialogs are built on (dismissable by default, SPEC §9). */
const meta = {
  title: 'Primitives/Modal',
  component: Modal,
  args: { open: true, title: 'A dialog', fallbackTitle: 'Dialog', description: 'Escape or a click on the backdrop closes it.', onOpenChange: fn() },
} satisfies Meta<typeof Modal>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Dismissable: Story = {};
export const NotDismissable: Story = { args: { dismissable: false, description: 'Only its own buttons can close it.' } };
