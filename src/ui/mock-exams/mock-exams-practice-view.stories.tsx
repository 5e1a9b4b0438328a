import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { mockPracticeMachine, type MockPracticeContext } from '../../machines/mock-practice/mock-practice.machine';
import { practiceAttempt, practiceResult, sampleReveals } from '../../machines/mock-practice/mock-practice.fixtures';
import { selectMockPracticeView, type MockPracticeSnapshot } from '../../machines/mock-practice/mock-practice.selectors';
import { MockExamsPracticeView } from './mock-exams-practice-view';
import { machineDiagramStory } from '../testing/machine-diagram';

// Every visible state of practice mode, from the mock-practice machine's states through the selectors.

const attempt = practiceAttempt();
const base: MockPracticeContext = { paperId: '3', attempt, index: 0, chosen: {}, seqs: {}, reveals: {}, refused: false, result: null, problem: null };
const view = (value: string, context: Partial<MockPracticeContext> = {}) =>
  selectMockPracticeView(mockPracticeMachine.resolveState({ value, context: { ...base, ...context } }) as MockPracticeSnapshot);

const meta = {
  title: 'Pages/Mock exams/Practice',
  component: MockExamsPracticeView,
  args: {
    view: view('question'),
    back: <button type="button">Back to mock exams</button>,
    onRetry: fn(),
    onChoose: fn(),
    onCheck: fn(),
    onNext: fn(),
    onFinish: fn(),
    onAgain: fn(),
  },
} satisfies Meta<typeof MockExamsPracticeView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { view: view('loading', { attempt: null }) } };
export const LoadFailed: Story = { args: { view: view('loadFailed', { attempt: null, problem: 'The service is unavailable.' }) } };
export const Question: Story = {};
export const Chosen: Story = { args: { view: view('question', { chosen: { q1: ['a'] } }) } };
export const MultipleMaxChoicesRefused: Story = { args: { view: view('question', { index: 1, chosen: { q2: ['a', 'c'] }, refused: true }) } };
export const Saving: Story = { args: { view: view('saving', { chosen: { q1: ['a'] } }) } };
export const SaveFailed: Story = { args: { view: view('saveFailed', { chosen: { q1: ['a'] }, problem: 'The service is unavailable.' }) } };
export const RevealedCorrect: Story = { args: { view: view('revealed', { chosen: { q1: ['a'] }, seqs: { q1: 1 }, reveals: { q1: sampleReveals.q1 } }) } };
export const RevealedWrongLast: Story = {
  args: { view: view('revealed', { index: 1, chosen: { q1: ['a'], q2: ['a', 'c'] }, seqs: { q1: 1, q2: 1 }, reveals: { ...sampleReveals } }) },
};
export const Finishing: Story = { args: { view: view('finishing') } };
export const FinishFailed: Story = { args: { view: view('finishFailed', { problem: 'The service is unavailable.' }) } };
export const Finished: Story = { args: { view: view('finished', { result: practiceResult }) } };

// The machine behind these stories (docs/machines/, generated from its definition).
export const MockPracticeDiagram = machineDiagramStory('mock-practice');
