import type { Meta, StoryObj } from '@storybook/react-vite';
import { newJoinerWelcomeMachine, type NewJoinerWelcomeContext } from '../../machines/new-joiner-welcome/new-joiner-welcome.machine';
import { selectNewJoinerWelcomeView } from '../../machines/new-joiner-welcome/new-joiner-welcome.selectors';
import { machineDiagramStory } from '../testing/machine-diagram';
import { NewJoinerWelcomeView } from './new-joiner-welcome-view';

// DESIGN §4: one story per visible state, its props built from the machine's state through the selectors.
const view = (value: string, context: Partial<NewJoinerWelcomeContext> = {}) =>
  selectNewJoinerWelcomeView(newJoinerWelcomeMachine.resolveState({ value, context: { due: true, learningMap: true, link: null, ...context } }));
const noop = () => undefined;

const meta = { title: 'New joiner welcome/Page', component: NewJoinerWelcomeView, args: { onLeave: noop, onRetry: noop } } satisfies Meta<typeof NewJoinerWelcomeView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** After the forced password change: the welcome with the learning map's link (its feature on). */
export const Showing: Story = { args: { view: view('showing') } };
/** The learning-map feature off: no link to it. */
export const WithoutLearningMap: Story = { args: { view: view('showing', { learningMap: false }) } };
/** Opened again from the settings after it was dismissed: the same content. */
export const OpenedAgain: Story = { args: { view: view('showing', { due: false }) } };
/** A link chosen: the dismissal is being recorded, the links wait. */
export const Leaving: Story = { args: { view: view('dismissing', { link: 'compulsory' }) } };
/** The dismissal could not be recorded: a retry, and the links still lead on. */
export const Failed: Story = { args: { view: view('failed', { link: 'start' }) } };

export const NewJoinerWelcomeDiagram = machineDiagramStory('new-joiner-welcome');
