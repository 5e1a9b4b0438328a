import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { agent01, json, tokenFor } from '../../api/test-helpers';
import { formOf } from '../../machines/feedback-forms/feedback-forms.fixtures';
import { sampleQuiz } from '../../machines/quiz-attempt/quiz-attempt.fixtures';
import { clearToken, setToken } from '../../platform/storage/token-storage';
import { sampleCourse } from '../../ui/courses/samples';
import { fakeApi, type Handler } from '../testing/network';
import { renderApp } from '../testing/render-app';

// The feedback section on the course page (ADR 026): shown for a completed course only, wired to
// the API through the route's actor; a 409 ends in "already submitted".

const completed = { ...sampleCourse, status: 'completed' as const, progress: 100, completed_at: '2026-11-01T08:00:00.000Z' };
const path = (r: Request) => `${r.method} ${new URL(r.url).pathname}`;
function api(routes: Record<string, Handler>) {
  return fakeApi({ 'GET /api/users/current': () => json(agent01), ...routes });
}

beforeEach(() => {
  clearToken();
  setToken(tokenFor('1'));
});
afterEach(() => vi.unstubAllGlobals());

async function fillAndSubmit() {
  const section = await screen.findByTestId('feedback-forms');
  await waitFor(() => expect(section).toBeVisible());
  for (const name of [/Course content/, /Presenter and materials/, /Usefulness for your work/, /How well did the course meet/]) {
    await userEvent.click(within(within(section).getByRole('group', { name })).getByRole('radio', { name: '4 of 5 stars' }));
  }
  await userEvent.click(within(section).getByRole('radio', { name: 'About as expected' }));
  await userEvent.click(within(section).getByRole('button', { name: 'Submit evaluation and feedback' }));
}

describe('feedback section of the course page', () => {
  it('a completed course offers the form; it is posted once with a key, then thanks', async () => {
    const net = api({
      'GET /api/courses/2': () => json(completed),
      'GET /api/courses/2/feedback-form': () => json(formOf('available')),
      'POST /api/courses/2/feedback-form': () => json({ submitted_at: '2026-11-24T10:00:00.000Z' }),
    });
    renderApp('/course/2');
    await fillAndSubmit();
    expect(await screen.findByTestId('feedback-submitted')).toHaveTextContent('Thank you!');
    const posts = net.requests.filter((r) => path(r) === 'POST /api/courses/2/feedback-form');
    expect(posts).toHaveLength(1);
    const body = JSON.parse(net.lastBody()!) as { key: string; evaluation: unknown; answers: unknown[] };
    expect(body.key).toMatch(/^[A-Za-z0-9-]{8,64}$/);
    expect(body.evaluation).toEqual({ content: 4, presenter: 4, usefulness: 4 });
    expect(body.answers).toEqual([
      { question_id: '11', rating: 4 },
      { question_id: '12', option_id: '2' },
    ]);
  });

  it('a 409 (submitted from elsewhere meanwhile) shows "already submitted" in the server’s words', async () => {
    api({
      'GET /api/courses/2': () => json(completed),
      'GET /api/courses/2/feedback-form': () => json(formOf('available')),
      'POST /api/courses/2/feedback-form': () => json({ status_code: 409, message: 'You have already submitted the evaluation and feedback for this course.' }, 409),
    });
    renderApp('/course/2');
    await fillAndSubmit();
    expect(await screen.findByTestId('feedback-already-submitted')).toHaveTextContent('You have already submitted the evaluation and feedback for this course.');
    expect(screen.queryByRole('button', { name: 'Submit evaluation and feedback' })).toBeNull();
  });

  it('the form loads beside the quizzes but shows only once they have answered, so it never moves under the pointer', async () => {
    let answerQuizzes: (r: Response) => void = () => {};
    const net = api({
      'GET /api/courses/2': () => json(completed),
      'GET /api/courses/2/feedback-form': () => json(formOf('available')),
      'GET /api/courses/2/quizzes': () => new Promise<Response>((resolve) => (answerQuizzes = resolve)),
    });
    renderApp('/course/2');
    const section = await screen.findByTestId('feedback-forms');
    await waitFor(() => expect(within(section).getByText(/Course content/)).toBeInTheDocument());
    // Asked at the same time as the quizzes, not after them; but not shown yet.
    expect(net.requests.map(path)).toEqual(expect.arrayContaining(['GET /api/courses/2/quizzes', 'GET /api/courses/2/feedback-form']));
    expect(section).not.toBeVisible();
    expect(screen.queryByRole('button', { name: 'Submit evaluation and feedback' })).toBeNull();
    answerQuizzes(json([sampleQuiz]));
    expect(await screen.findByTestId('course-quizzes')).toBeInTheDocument();
    await waitFor(() => expect(section).toBeVisible());
    expect(screen.getByRole('button', { name: 'Submit evaluation and feedback' })).toBeInTheDocument();
  });

  it('a course in progress shows no section and asks for no form', async () => {
    const net = api({ 'GET /api/courses/2': () => json(sampleCourse) });
    renderApp('/course/2');
    expect(await screen.findByRole('heading', { level: 1, name: sampleCourse.title })).toBeInTheDocument();
    expect(screen.queryByTestId('feedback-forms')).toBeNull();
    expect(net.requests.map(path)).not.toContain('GET /api/courses/2/feedback-form');
  });
});
