import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { mockExamsMachine, type MockExamsContext } from '../../machines/mock-exams/mock-exams.machine';
import { selectMockExamsView, type MockExamsSnapshot } from '../../machines/mock-exams/mock-exams.selectors';
import { samplePaper, sampleProgress, sampleRecords, sampleStats, T0 } from '../../machines/mock-practice/mock-practice.fixtures';
import { MockExamsView } from './mock-exams-view';
import { machineDiagramStory } from '../testing/machine-diagram';

// Every visible state of the /mockexam overview, from the page machine's states through the selectors.

const overview = { papers: [samplePaper, { ...samplePaper, id: '4', title: 'IIQE Paper 3 — mock B', open_exam_attempt_id: '60', open_practice_attempt_id: '61' }], progress: sampleProgress, records: sampleRecords, stats: sampleStats };
const base: MockExamsContext = { now: () => T0, readJournal: () => [], overview, paperId: null, pending: null, index: undefined, problem: null };
const view = (value: string, context: Partial<MockExamsContext> = {}) =>
  selectMockExamsView(mockExamsMachine.resolveState({ value, context: { ...base, ...context } }) as MockExamsSnapshot);

const meta = {
  title: 'Pages/Mock exams',
  component: MockExamsView,
  args: { view: view('overview'), onRetry: fn(), onPractice: fn(), onExam: fn() },
} satisfies Meta<typeof MockExamsView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { view: view('loading', { overview: null }) } };
export const LoadFailed: Story = { args: { view: view('loadFailed', { overview: null, problem: 'The service is unavailable.' }) } };
export const Overview: Story = {};
export const NothingYet: Story = {
  args: {
    view: view('overview', {
      overview: { papers: [samplePaper], progress: sampleProgress.map((p) => ({ ...p, answered: 0, correct: 0 })), records: [], stats: { average_score: 0, passed_attempts: 0, total_attempts: 0 } },
    }),
  },
};
const many = Array.from({ length: 15 }, (_, i) => ({
  ...sampleRecords[0],
  attempt_id: String(100 + i),
  score: 18 + ((i * 7) % 22),
  pass: 18 + ((i * 7) % 22) >= 28,
  completed_at: new Date(T0 - (15 - i) * 86_400_000).toISOString(),
}));
export const ManyRecords: Story = { args: { view: view('overview', { overview: { ...overview, records: many, stats: { average_score: 71.2, passed_attempts: 6, total_attempts: 15 } } }) } };
export const NoPapers: Story = { args: { view: view('overview', { overview: { papers: [], progress: [], records: [], stats: { average_score: 0, passed_attempts: 0, total_attempts: 0 } } }) } };

// The machine behind these stories (docs/machines/, generated from its definition).
export const MockExamsDiagram = machineDiagramStory('mock-exams');
