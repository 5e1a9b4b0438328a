import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { agent01, json, tokenFor } from '../../api/test-helpers';
import type { MockAttempt } from '../../api/schemas/mock-exams.schema';
import { specDefaultAppConfig } from '../../config/app-config.defaults';
import { practiceAttempt, samplePaper, sampleProgress, sampleRecords, sampleReveals, sampleStats, T0 } from '../../machines/mock-practice/mock-practice.fixtures';
import { clearToken, setToken } from '../../platform/storage/token-storage';
import { fakeApi, type Handler } from '../testing/network';
import { renderApp } from '../testing/render-app';

const path = (r: Request) => `${r.method} ${new URL(r.url).pathname}`;
const iso = (ms: number) => new Date(ms).toISOString();

function api(routes: Record<string, Handler>) {
  return fakeApi({
    'GET /api/users/current': () => json(agent01),
    'GET /api/mock_papers': () => json([samplePaper]),
    'GET /api/mock_exams/progress': () => json(sampleProgress),
    'GET /api/mock_exams/records': () => json(sampleRecords),
    'GET /api/mock_exams/stats': () => json(sampleStats),
    ...routes,
  });
}

const examAttempt = (over: Partial<MockAttempt> = {}): MockAttempt => ({
  ...practiceAttempt(),
  id: '52',
  mode: 'exam',
  deadline_at: iso(Date.now() + 30 * 60_000),
  server_now: iso(Date.now()),
  reveals: [],
  ...over,
});

beforeEach(() => {
  setToken(tokenFor('0'));
  clearToken();
  setToken(tokenFor('1'));
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('/mockexam page', () => {
  it('shows the papers, the stats, the progress and the records; practice shows the server’s explanation after a check; back reads the stats again', async () => {
    const bodies: unknown[] = [];
    const net = api({
      'POST /api/mock_papers/3/attempts': (_, body) => {
        bodies.push(JSON.parse(body));
        return json(practiceAttempt());
      },
      'PUT /api/mock_attempts/51/answers/q1': (_, body) => {
        bodies.push(JSON.parse(body));
        return json({ answer: { question_id: 'q1', value: ['b'], seq: 1, saved_at: iso(T0) }, reveal: { ...sampleReveals.q1, correct: false } });
      },
    });
    const { router } = renderApp('/mockexam');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mock exam' })).toBeInTheDocument();
    expect(screen.getByTestId('mock-stats-average')).toHaveTextContent('67.5%');
    expect(screen.getAllByTestId('mock-record')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Practice' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'Speculative risk' }));
    await userEvent.click(screen.getByRole('button', { name: 'Check my answer' }));
    expect(await screen.findByTestId('mock-practice-explanation')).toHaveTextContent(sampleReveals.q1.explanation);
    await waitFor(() => expect(router.state.location.search).toBe('?paper=3&mode=practice'));
    expect(screen.getByTestId('mock-practice-reveal')).toHaveTextContent('Not correct');
    expect(bodies).toEqual([{ mode: 'practice' }, { value: ['b'], seq: 1 }]);
    await userEvent.click(screen.getByRole('button', { name: 'Back to mock exams' }));
    expect(await screen.findByTestId('mock-stats')).toBeInTheDocument();
    expect(net.requests.filter((r) => path(r) === 'GET /api/mock_exams/stats').length).toBe(2);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('runs exam mode through the quiz attempt: start, answer (saved), submit, result; the records are read again', async () => {
    let finished = false;
    const result = { attempt_id: '52', score: 2, full_marks: 2, pass: true, started_at: iso(T0), completed_at: iso(T0 + 60_000), finished_by: 'learner' as const };
    const bodies: unknown[] = [];
    const net = api({
      'POST /api/mock_papers/3/attempts': (_, body) => {
        bodies.push(JSON.parse(body));
        return json(examAttempt());
      },
      'PUT /api/mock_attempts/52/answers/q1': () => json({ answer: { question_id: 'q1', value: ['a'], seq: 1, saved_at: iso(T0) }, reveal: null }),
      'POST /api/mock_attempts/52/submit': () => {
        finished = true;
        return json(result);
      },
      'GET /api/mock_attempts/52': () => json(examAttempt(finished ? { status: 'finished', result, answers: [{ question_id: 'q1', value: ['a'], seq: 1, saved_at: iso(T0) }] } : {})),
    });
    renderApp('/mockexam');
    await userEvent.click(await screen.findByRole('button', { name: 'Exam' }));
    await userEvent.click(await screen.findByTestId('quiz-start'));
    await userEvent.click(await screen.findByRole('radio', { name: 'Pure risk' }));
    await waitFor(() => expect(screen.getByTestId('quiz-save-status')).toHaveAttribute('data-save', 'saved'));
    await userEvent.click(screen.getByTestId('quiz-submit'));
    // q2 is unanswered: the learner confirms.
    await userEvent.click(within(await screen.findByTestId('confirmation-modal')).getByRole('button', { name: 'Submit anyway' }));
    expect(await screen.findByTestId('quiz-result-score')).toHaveTextContent('Score: 2 of 2');
    // A mock exam can be sat again: no "already submitted".
    expect(screen.queryByTestId('quiz-already-submitted')).toBeNull();
    expect(net.requests.map(path)).toEqual(expect.arrayContaining(['POST /api/mock_papers/3/attempts', 'PUT /api/mock_attempts/52/answers/q1', 'POST /api/mock_attempts/52/submit']));
    expect(bodies).toEqual([{ mode: 'exam' }]);
    await userEvent.click(screen.getByRole('button', { name: 'Back to mock exams' }));
    expect(await screen.findByTestId('mock-records')).toBeInTheDocument();
    expect(net.requests.filter((r) => path(r) === 'GET /api/mock_exams/records').length).toBeGreaterThanOrEqual(2);
  });

  it('keeps the open paper, its mode and the exam’s question in the URL: a reload resumes the exam at that question', async () => {
    api({
      'GET /api/mock_papers': () => json([{ ...samplePaper, open_exam_attempt_id: '52' }]),
      'GET /api/mock_attempts/52': () => json(examAttempt({ answers: [{ question_id: 'q1', value: ['a'], seq: 1, saved_at: iso(T0) }] })),
    });
    const { router } = renderApp('/mockexam?paper=3&mode=exam&q=1');
    expect(await screen.findByText('Which two must an agent disclose?')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?paper=3&mode=exam&q=1'));
    await userEvent.click(screen.getByTestId('quiz-previous'));
    expect(await screen.findByRole('radio', { name: 'Pure risk' })).toBeChecked();
    await waitFor(() => expect(router.state.location.search).toBe('?paper=3&mode=exam&q=0'));
    // The side navigation's /mockexam leaves the exam (it runs on) for the overview.
    await router.navigate('/mockexam');
    expect(await screen.findByTestId('mock-stats')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resume exam' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('opens practice from the URL, and ignores a paper that is not listed', async () => {
    api({ 'POST /api/mock_papers/3/attempts': () => json(practiceAttempt({ revealed: ['q1'] })) });
    const first = renderApp('/mockexam?paper=3&mode=practice');
    expect(await screen.findByText('Question 2 of 2')).toBeInTheDocument();
    first.unmount();
    const { router } = renderApp('/mockexam?paper=99&mode=practice');
    expect(await screen.findByTestId('mock-stats')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('is not shown when the mock exam feature is off', async () => {
    api({ 'GET /api/courses': () => json({ data: [], total: 0, page: 1, page_size: 20 }) });
    const { router } = renderApp('/mockexam', { config: specDefaultAppConfig });
    await waitFor(() => expect(router.state.location.pathname).toBe('/main'));
  });
});
