import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button, ButtonLink } from './button';

const meta = {
  title: 'Primitives/Button',
  component: Button,
  args: { children: 'Button' },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Variants: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
      <Button {...args} variant="accent">Accent</Button>
      <Button {...args} variant="primary">Primary</Button>
      <Button {...args} variant="secondary">Secondary</Button>
      <Button {...args} variant="danger">Danger</Button>
      <Button {...args} variant="ghost">Ghost</Button>
      <Button {...args} variant="accent" disabled>Disabled</Button>
      <ButtonLink href="#">Link as button</ButtonLink>
    </div>
  ),
};
