import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { formOf } from '../../machines/feedback-forms/feedback-forms.fixtures';
import { feedbackFormsMachine, type FeedbackFormsContext } from '../../machines/feedback-forms/feedback-forms.machine';
import { selectFeedbackFormsView, type FeedbackFormsViewModel } from '../../machines/feedback-forms/feedback-forms.selectors';
import { FeedbackFormsView } from './feedback-forms-view';
import { machineDiagramStory } from '../testing/machine-diagram';

// DESIGN §4: every visible state, its props built from the machine's state through the selectors.
function viewAt(value: string, context: Partial<FeedbackFormsContext> = {}): FeedbackFormsViewModel {
  const base: FeedbackFormsContext = { courseId: '2', key: 'story-key-0001', form: null, submittedAt: null, error: null };
  return selectFeedbackFormsView(feedbackFormsMachine.resolveState({ value, context: { ...base, ...context } }));
}

const available = formOf('available');
const meta = {
  title: 'Pages/FeedbackForms',
  component: FeedbackFormsView,
  args: { ...viewAt('filling', { form: available }), onSubmit: fn(), onEdit: fn(), onRetry: fn() },
} satisfies Meta<typeof FeedbackFormsView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filling: Story = {};
export const Loading: Story = { args: viewAt('loading') };
export const LoadFailed: Story = { args: viewAt('loadFailed') };
export const LoadFailedWithServerText: Story = { args: viewAt('loadFailed', { error: 'The service is unavailable.' }) };
export const NotAvailable: Story = { args: viewAt('notAvailable', { form: formOf('course_incomplete') }) };
export const Submitting: Story = { args: viewAt('submitting', { form: available }) };
export const Failed: Story = { args: viewAt('failed', { form: available, error: 'Please answer every required question.' }) };
export const FailedGeneric: Story = { args: viewAt('failed', { form: available }) };
export const Submitted: Story = { args: viewAt('submitted', { form: available, submittedAt: '2026-11-24T10:00:00.000Z' }) };
export const AlreadySubmitted: Story = { args: viewAt('alreadySubmitted', { form: formOf('submitted'), submittedAt: '2026-10-01T08:00:00.000Z' }) };
export const AlreadySubmittedOnSubmit: Story = {
  args: viewAt('alreadySubmitted', { form: available, error: 'You have already submitted the evaluation and feedback for this course.' }),
};
export const EvaluationOnly: Story = { args: viewAt('filling', { form: { ...available, questions: [] } }) };
export const TraditionalChinese: Story = { globals: { locale: 'zh' } };
export const SimplifiedChinese: Story = { globals: { locale: 'cn' } };
export const AlreadySubmittedTraditionalChinese: Story = { ...AlreadySubmitted, globals: { locale: 'zh' } };

// The machine behind these stories (docs/machines/, generated from its definition).
export const FeedbackFormsDiagram = machineDiagramStory('feedback-forms');
