import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachineDiagram, diagramNames, machineDiagramStory } from '../testing/machine-diagram';

// Every state diagram of docs/machines/ (generated from the machine definitions by
// `npm run diagrams`), one at a time; each also shows beside its view's stories (ADR 084).
const meta = {
  title: 'Docs/Machine diagrams',
  component: MachineDiagram,
  args: { name: 'quiz-attempt' },
  argTypes: { name: { control: 'select', options: diagramNames } },
} satisfies Meta<typeof MachineDiagram>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Any machine's diagram: pick it in the controls. */
export const AnyMachine: Story = {};
/** The generic form flow has no view of its own: its forms (sign-in, change-password, …) show theirs. */
export const FormSubmissionDiagram = machineDiagramStory('form-submission');
