import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { agent01, json, tokenFor } from '../../api/test-helpers';
import { clearToken, setToken } from '../../platform/storage/token-storage';
import { sampleCourse } from '../../ui/courses/samples';
import { fakeApi, noContent, type Handler } from '../testing/network';
import { renderApp } from '../testing/render-app';

const path = (r: Request) => `${r.method} ${new URL(r.url).pathname}`;
function api(routes: Record<string, Handler>) {
  return fakeApi({ 'GET /api/users/current': () => json(agent01), 'GET /api/courses/2/quizzes': () => json([]), ...routes });
}

beforeEach(() => {
  setToken(tokenFor('0'));
  clearToken();
  setToken(tokenFor('1'));
});
afterEach(() => vi.unstubAllGlobals());

describe('course detail page', () => {
  it('shows the course, its progress and its lessons, each item linking to its viewer', async () => {
    api({ 'GET /api/courses/2': () => json(sampleCourse) });
    const { router } = renderApp('/course/2');
    expect(await screen.findByRole('heading', { level: 1, name: sampleCourse.title })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Course -- Agent Academy'));
    expect(screen.getByTestId('items-progress')).toHaveTextContent('1 of 3 items completed');
    expect(screen.getByText('How to find what a client needs.')).toBeInTheDocument();
    const items = screen.getAllByTestId('lesson-item');
    expect(items.map((li) => within(li).getByRole('link').getAttribute('href'))).toEqual(['/lesson/2/100', '/lesson/2/101', '/lesson/2/102']);
    expect(within(items[0]).getByRole('img', { name: 'Completed' })).toBeInTheDocument();
    expect(within(items[1]).getByRole('img', { name: 'Video' })).toBeInTheDocument();
    expect(within(items[1]).getByText('Length 1 min 35 s')).toBeInTheDocument();
    expect(within(items[2]).getByText('12 pages')).toBeInTheDocument();
    // Continue leads to the first item not completed.
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/lesson/2/101');
    await userEvent.click(within(items[2]).getByRole('link', { name: 'Product guide' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lesson/2/102'));
  });

  it("the loader asks for the course beside the page's chunks; the page reads that answer: one request, one click (ADR 088)", async () => {
    // Read by the fake server, which answers after renderApp has returned.
    const app: { router?: ReturnType<typeof renderApp>['router'] } = {};
    const sent: string[] = [];
    const net = api({
      'GET /api/courses/2': () => (sent.push(app.router?.state.initialized ? 'page' : 'loader'), json(sampleCourse)),
    });
    const { router } = renderApp('/course/2');
    app.router = router;
    expect(await screen.findByRole('heading', { level: 1, name: sampleCourse.title })).toBeInTheDocument();
    expect(sent).toEqual(['loader']);
    expect(net.requests.map(path).filter((p) => p === 'GET /api/courses/2')).toHaveLength(1);
    // The same course's page stays (another query of its address): nothing is asked early for it.
    await act(() => router.navigate('/course/2?from=news'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(net.requests.map(path).filter((p) => p === 'GET /api/courses/2')).toHaveLength(1);
  });

  it('toggles the like at once, and puts it back when the server refuses', async () => {
    let refuse = false;
    const net = api({
      'GET /api/courses/2': () => json({ ...sampleCourse, liked: false, likes: 12 }),
      'PUT /api/courses/2/like': () => (refuse ? json({ status_code: 500, message: 'Could not save.' }, 500) : noContent()),
      'DELETE /api/courses/2/like': () => noContent(),
    });
    renderApp('/course/2');
    const like = await screen.findByRole('button', { name: /Like/ });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(like);
    expect(screen.getByTestId('like-count')).toHaveTextContent('13');
    await waitFor(() => expect(like).toBeEnabled());
    expect(like).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(like);
    await waitFor(() => expect(like).toBeEnabled());
    expect(screen.getByTestId('like-count')).toHaveTextContent('12');
    expect(net.requests.map(path).filter((p) => p.includes('/like'))).toEqual(['PUT /api/courses/2/like', 'DELETE /api/courses/2/like']);

    refuse = true;
    await userEvent.click(like);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not save.');
    expect(screen.getByTestId('like-count')).toHaveTextContent('12');
    expect(like).toHaveAttribute('aria-pressed', 'false');
  });

  it('enrols a learner who is not enrolled, then offers to start', async () => {
    const net = api({
      'GET /api/courses/2': () => json({ ...sampleCourse, status: 'not_enrolled', progress: 0, completed_items: 0, lessons: sampleCourse.lessons.map((l) => ({ ...l, items: l.items.map((i) => ({ ...i, completed: false })) })) }),
      'POST /api/courses/2/enrol': () => noContent(),
    });
    renderApp('/course/2');
    await userEvent.click(await screen.findByRole('button', { name: 'Enrol' }));
    expect(await screen.findByRole('link', { name: 'Start' })).toHaveAttribute('href', '/lesson/2/100');
    expect(net.requests.map(path)).toContain('POST /api/courses/2/enrol');
    expect(screen.getByTestId('items-progress')).toHaveTextContent('0 of 3 items completed');
  });

  it('the quizzes section says when it cannot load, and Try again loads it', async () => {
    let fail = true;
    api({
      'GET /api/courses/2': () => json(sampleCourse),
      'GET /api/courses/2/quizzes': () => (fail ? json({ status_code: 500, message: 'Down.' }, 500) : json([])),
    });
    renderApp('/course/2');
    const failed = await screen.findByTestId('course-quizzes-failed');
    expect(failed).toHaveTextContent('The quizzes and examinations of this course could not be loaded.');
    fail = false;
    await userEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByTestId('course-quizzes-failed')).not.toBeInTheDocument());
  });

  it("a failed load shows the server's message and Try again loads the course", async () => {
    let fail = true;
    api({ 'GET /api/courses/2': () => (fail ? json({ status_code: 503, message: 'The service is unavailable.' }, 503) : json(sampleCourse)) });
    renderApp('/course/2');
    expect(await screen.findByRole('alert')).toHaveTextContent('The service is unavailable.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: sampleCourse.title })).toBeInTheDocument();
  });

  it('an id that cannot exist is Not Found, without asking the server', async () => {
    const net = api({});
    renderApp('/course/abc');
    expect(await screen.findByRole('heading', { name: 'Not Found' })).toBeInTheDocument();
    expect(net.requests.map(path).filter((p) => p.includes('/courses'))).toEqual([]);
  });
});
