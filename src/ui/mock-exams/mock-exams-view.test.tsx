import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockExamsMachine, type MockExamsContext } from '../../machines/mock-exams/mock-exams.machine';
import { selectMockExamsView, type MockExamsSnapshot } from '../../machines/mock-exams/mock-exams.selectors';
import { mockPracticeMachine, type MockPracticeContext } from '../../machines/mock-practice/mock-practice.machine';
import { practiceAttempt, samplePaper, sampleProgress, sampleRecords, sampleReveals, sampleStats, T0 } from '../../machines/mock-practice/mock-practice.fixtures';
import { selectMockPracticeView, type MockPracticeSnapshot } from '../../machines/mock-practice/mock-practice.selectors';
import { renderWithI18n } from '../testing/render';
import { MockExamsPracticeView } from './mock-exams-practice-view';
import { MockExamsView } from './mock-exams-view';

const overview = { papers: [samplePaper], progress: sampleProgress, records: sampleRecords, stats: sampleStats };
const pageBase: MockExamsContext = { now: () => T0, readJournal: () => [], overview, paperId: null, pending: null, index: undefined, problem: null };
const pageView = (value: string, context: Partial<MockExamsContext> = {}) =>
  selectMockExamsView(mockExamsMachine.resolveState({ value, context: { ...pageBase, ...context } }) as MockExamsSnapshot);

const practiceBase: MockPracticeContext = { paperId: '3', attempt: practiceAttempt(), index: 0, chosen: {}, seqs: {}, reveals: {}, refused: false, result: null, problem: null };
const practiceView = (value: string, context: Partial<MockPracticeContext> = {}) =>
  selectMockPracticeView(mockPracticeMachine.resolveState({ value, context: { ...practiceBase, ...context } }) as MockPracticeSnapshot);

function showPractice(view: ReturnType<typeof practiceView>, lang: 'en' | 'zh' = 'en') {
  const h = { onRetry: vi.fn(), onChoose: vi.fn(), onCheck: vi.fn(), onNext: vi.fn(), onFinish: vi.fn(), onAgain: vi.fn() };
  renderWithI18n(<MockExamsPracticeView view={view} back={null} {...h} />, lang);
  return h;
}

describe('mock exams overview', () => {
  it('shows the stats as figures and as a chart with a title, a description and one titled bar per record', () => {
    renderWithI18n(<MockExamsView view={pageView('overview')} onRetry={vi.fn()} onPractice={vi.fn()} onExam={vi.fn()} />, 'en');
    expect(screen.getByTestId('mock-stats-average')).toHaveTextContent('67.5%');
    expect(screen.getByTestId('mock-stats-passed')).toHaveTextContent('1');
    expect(screen.getByTestId('mock-stats-total')).toHaveTextContent('2');
    const chart = screen.getByRole('img', { name: /Scores of your mock exams/ });
    expect(chart.querySelector('desc')).toHaveTextContent('One bar per finished exam');
    const bars = screen.getAllByTestId('mock-chart-bar');
    // Oldest first: the failed 55% (22/40), then the passed 80% (32/40).
    expect(bars.map((b) => b.querySelector('title')?.textContent)).toEqual([expect.stringContaining('55%, Failed'), expect.stringContaining('80%, Passed')]);
    expect(screen.getAllByTestId('mock-record')).toHaveLength(2);
    expect(within(screen.getByTestId('mock-progress')).getByLabelText('Risk and insurance: 6 of 10 answered, 5 right')).toBeInTheDocument();
  });

  it('opens a paper in either mode, in zh', async () => {
    const onPractice = vi.fn();
    const onExam = vi.fn();
    renderWithI18n(<MockExamsView view={pageView('overview')} onRetry={vi.fn()} onPractice={onPractice} onExam={onExam} />, 'zh');
    await userEvent.click(screen.getByRole('button', { name: '練習' }));
    await userEvent.click(screen.getByRole('button', { name: '考試' }));
    expect(onPractice).toHaveBeenCalledWith('3');
    expect(onExam).toHaveBeenCalledWith('3');
    expect(screen.getByRole('img', { name: /您的模擬考試分數/ })).toBeInTheDocument();
  });

  it('says there is no exam yet instead of an empty chart, and offers a retry when loading failed', async () => {
    renderWithI18n(<MockExamsView view={pageView('overview', { overview: { ...overview, records: [] } })} onRetry={vi.fn()} onPractice={vi.fn()} onExam={vi.fn()} />, 'en');
    expect(screen.getByTestId('mock-chart-empty')).toHaveTextContent('No exam taken yet');
    expect(screen.queryByRole('img')).toBeNull();
  });
});

describe('practice view', () => {
  it('checks only once something is chosen, and sends the choice', async () => {
    const h = showPractice(practiceView('question'));
    expect(screen.getByTestId('mock-practice-check')).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: 'Pure risk' }));
    expect(h.onChoose).toHaveBeenCalledWith('a');
  });

  it('shows the server’s correct answer and explanation once revealed, then the next question', async () => {
    const h = showPractice(practiceView('revealed', { chosen: { q1: ['b'] }, seqs: { q1: 1 }, reveals: { q1: { ...sampleReveals.q1, correct: false } } }));
    const reveal = screen.getByTestId('mock-practice-reveal');
    expect(reveal).toHaveTextContent('Not correct');
    expect(reveal).toHaveTextContent('Correct answer: Pure risk');
    expect(screen.getByTestId('mock-practice-explanation')).toHaveTextContent(sampleReveals.q1.explanation);
    expect(screen.getByRole('radio', { name: 'Speculative risk' })).toBeDisabled();
    await userEvent.click(screen.getByTestId('mock-practice-next'));
    expect(h.onNext).toHaveBeenCalled();
  });

  it('says a refused choice beyond max choices, translated', () => {
    showPractice(practiceView('question', { index: 1, chosen: { q2: ['a', 'b'] }, refused: true }), 'zh');
    expect(screen.getByRole('alert')).toHaveTextContent('最多只能選擇 2 個答案。');
  });
});
