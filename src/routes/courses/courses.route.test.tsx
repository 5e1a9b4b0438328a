import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { agent01, json, tokenFor } from '../../api/test-helpers';
import { clearToken, setToken } from '../../platform/storage/token-storage';
import { changeLanguage } from '../../i18n';
import { cardPage, completedCard, inProgressCard, sampleCard, sampleMaterials, sampleNews } from '../../ui/courses/samples';
import { documentDetail } from '../../machines/attachment-viewer/attachment-viewer.fixtures';
import { fakeApi, type Handler } from '../testing/network';
import { renderApp } from '../testing/render-app';

const departments = [
  { id: '1', name: 'Compliance' },
  { id: '2', name: 'Sales' },
];
const params = (r: Request) => Object.fromEntries(new URL(r.url).searchParams);
const path = (r: Request) => new URL(r.url).pathname;

function api(routes: Record<string, Handler>) {
  return fakeApi({
    'GET /api/users/current': () => json(agent01),
    'GET /api/courses/departments': () => json(departments),
    ...routes,
  });
}
const listCalls = (net: ReturnType<typeof api>, p: string) => net.requests.filter((r) => path(r) === p);

beforeEach(() => {
  setToken(tokenFor('0'));
  clearToken();
  setToken(tokenFor('1'));
});
afterEach(() => vi.unstubAllGlobals());

describe('course catalogue pages', () => {
  it('a filter change sends the new query from page 1, and paging asks for the page', async () => {
    const net = api({ 'GET /api/courses': (r) => json(cardPage([sampleCard, inProgressCard], Number(params(r).page), 30)) });
    const { router } = renderApp('/courses/all?page=2');
    expect(await screen.findByRole('heading', { level: 1, name: 'All Courses' })).toBeInTheDocument();
    await screen.findAllByTestId('course-card');
    expect(params(listCalls(net, '/api/courses')[0])).toEqual({ page: '2', per_page: '12' });

    // Departments arrive on their own; choose one once offered.
    await screen.findByRole('option', { name: 'Sales' });
    await userEvent.selectOptions(screen.getByLabelText('Course type'), 'elective');
    await waitFor(() => expect(params(listCalls(net, '/api/courses').at(-1)!)).toEqual({ kind: 'elective', page: '1', per_page: '12' }));
    expect(router.state.location.search).toBe('?kind=elective');

    await userEvent.selectOptions(screen.getByLabelText('Department'), 'Sales');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), '  ethics {Enter}');
    await waitFor(() =>
      expect(params(listCalls(net, '/api/courses').at(-1)!)).toEqual({ kind: 'elective', department: '2', q: 'ethics', page: '1', per_page: '12' }),
    );

    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(params(listCalls(net, '/api/courses').at(-1)!)).toMatchObject({ q: 'ethics', page: '2' }));
    expect(router.state.location.search).toBe('?kind=elective&department=2&q=ethics&page=2');
    await waitFor(() => expect(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page'));

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(params(listCalls(net, '/api/courses').at(-1)!)).toEqual({ page: '1', per_page: '12' }));
  });

  it("the loader asks for the list of the address and the departments beside the page's chunks; the page reads those answers (ADR 035)", async () => {
    // Read by the fake server, which answers after renderApp has returned.
    const app: { router?: ReturnType<typeof renderApp>['router'] } = {};
    // Who asked: the loader (before the first navigation is done, i.e. before the page rendered) or the page.
    const sent: string[] = [];
    const asked = (r: Request) => sent.push(`${path(r)} ${app.router?.state.initialized ? 'page' : 'loader'}`);
    const net = api({
      'GET /api/courses/mine': (r) => (asked(r), json(cardPage([inProgressCard]))),
      'GET /api/courses/departments': (r) => (asked(r), json(departments)),
    });
    const { router } = renderApp('/courses/mine?q=%20ethics%20&status=completed&kind=nope&page=2');
    app.router = router;
    await screen.findAllByTestId('course-card');
    await screen.findByRole('option', { name: 'Sales' });
    expect([...sent].sort()).toEqual(['/api/courses/departments loader', '/api/courses/mine loader']);
    // The page's own reading of the address: the query it asks for is the one the loader sent.
    expect(listCalls(net, '/api/courses/mine').map(params)).toEqual([{ q: 'ethics', status: 'completed', page: '2', per_page: '12' }]);

    // A new query on the same page: the page asks for it; the departments are not asked again.
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'in_progress');
    await waitFor(() => expect(listCalls(net, '/api/courses/mine')).toHaveLength(2));
    expect(params(listCalls(net, '/api/courses/mine')[1])).toEqual({ q: 'ethics', status: 'in_progress', page: '1', per_page: '12' });
    expect(sent.slice(2)).toEqual(['/api/courses/mine page']);
    expect(listCalls(net, '/api/courses/departments')).toHaveLength(1);
  });

  it("a failure shows the server's message; Try again loads the list", async () => {
    let fail = true;
    api({ 'GET /api/courses/latest': () => (fail ? json({ status_code: 500, message: 'The service is unavailable.' }, 500) : json(cardPage([sampleCard]))) });
    renderApp('/courses/latest');
    expect(await screen.findByRole('alert')).toHaveTextContent('The service is unavailable.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: sampleCard.title })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an empty list says so; my courses says nothing is enrolled yet', async () => {
    api({ 'GET /api/courses/recommended': () => json(cardPage([])), 'GET /api/courses/mine': () => json(cardPage([])) });
    const { router } = renderApp('/courses/recommended');
    expect(await screen.findByText('No courses match.')).toBeInTheDocument();
    // The recommended list is one kind: no kind filter.
    expect(screen.queryByLabelText('Course type')).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'My Courses' }));
    expect(await screen.findByText('You have not enrolled in any course yet.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/courses/mine');
    expect(screen.getByLabelText('Status')).toBeInTheDocument();
  });

  it('the ranking numbers its cards across pages', async () => {
    api({ 'GET /api/courses/ranking': () => json(cardPage([sampleCard, inProgressCard, completedCard], 2, 27)) });
    renderApp('/courses/ranking?page=2');
    await screen.findAllByTestId('course-card');
    expect(screen.getAllByTestId('course-rank').map((e) => e.textContent)).toEqual(['No. 13', 'No. 14', 'No. 15']);
  });

  it('a language change reloads the list in the new language and keeps the filters', async () => {
    const net = api({ 'GET /api/courses': () => json(cardPage([sampleCard])) });
    const { i18n } = renderApp('/courses/all?kind=compulsory');
    await screen.findAllByTestId('course-card');
    await act(() => changeLanguage(i18n, 'zh'));
    expect(await screen.findByRole('heading', { level: 1, name: '所有課程' })).toBeInTheDocument();
    await waitFor(() => expect(listCalls(net, '/api/courses')).toHaveLength(2));
    expect(params(listCalls(net, '/api/courses')[1])).toEqual({ kind: 'compulsory', page: '1', per_page: '12' });
    expect(screen.getByLabelText('課程類別')).toHaveValue('compulsory');
  });

  it('the department choices follow the language; without them the filter offers "all" only', async () => {
    let fail = true;
    const net = api({
      'GET /api/courses/departments': () => (fail ? json({ status_code: 503, message: 'later' }, 503) : json(departments)),
      'GET /api/courses': () => json(cardPage([sampleCard])),
    });
    const { i18n } = renderApp('/courses/all');
    await screen.findAllByTestId('course-card');
    // The loader's early request failed before the page asked: a failure is not reused, the page asks again.
    await waitFor(() => expect(listCalls(net, '/api/courses/departments')).toHaveLength(2));
    expect(within(screen.getByLabelText('Department')).getAllByRole('option')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
    fail = false;
    await act(() => changeLanguage(i18n, 'zh'));
    expect(await screen.findByRole('option', { name: 'Sales' })).toBeInTheDocument();
    expect(listCalls(net, '/api/courses/departments')).toHaveLength(3);
  });

  it('a card opens its course', async () => {
    api({ 'GET /api/courses': () => json(cardPage([inProgressCard])), 'GET /api/courses/2': () => json({ status_code: 503, message: 'later' }, 503) });
    const { router } = renderApp('/courses/all');
    await userEvent.click(await screen.findByRole('link', { name: inProgressCard.title }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/course/2'));
  });

  it('search asks nothing until there are words, then searches them', async () => {
    const net = api({ 'GET /api/courses/search': () => json(cardPage([completedCard])) });
    const { router } = renderApp('/search');
    expect(await screen.findByText('Type a word from a course title or description.')).toBeInTheDocument();
    expect(listCalls(net, '/api/courses/search')).toHaveLength(0);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search courses' }), 'medical{Enter}');
    expect(await screen.findByRole('heading', { level: 2, name: completedCard.title })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=medical');
    expect(params(listCalls(net, '/api/courses/search')[0])).toEqual({ q: 'medical', page: '1', per_page: '12' });
    expect(screen.getByText('Results for “medical”')).toBeInTheDocument();
  });

  it('the material library filters by type and language and opens a material', async () => {
    const net = api({ 'GET /api/materials': () => json({ data: sampleMaterials, page: 1, per_page: 12, total: 3 }) });
    const { router } = renderApp('/courses/material');
    await screen.findAllByTestId('material-row');
    await userEvent.selectOptions(screen.getByLabelText('File type'), 'pdf');
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'zh-Hant');
    await waitFor(() => expect(params(listCalls(net, '/api/materials').at(-1)!)).toEqual({ type: 'pdf', language: 'zh-Hant', page: '1', per_page: '12' }));
    expect(screen.getByRole('link', { name: 'guide.pdf' })).toHaveAttribute('href', '/courses/material/501');
    expect(screen.getAllByRole('img', { name: 'PDF document' }).length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('link', { name: 'rates.xlsx' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses/material/502'));
  });

  it('a material opened from the library has one h1: its name (issue 11 §5)', async () => {
    api({
      'GET /api/attachments/12': () => json({ ...documentDetail, course_id: null }),
      'GET /api/attachments/12/generate_download': () => json({ url: '/api/files/signed', expires_at: new Date(Date.now() + 300_000).toISOString() }),
    });
    renderApp('/courses/material/12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fact find form' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('news and highlights list newest first and filter by kind', async () => {
    const net = api({ 'GET /api/news': () => json({ data: sampleNews, page: 1, per_page: 12, total: 2 }) });
    renderApp('/courses/news');
    expect(await screen.findByRole('heading', { level: 2, name: 'New compliance course' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the course' })).toHaveAttribute('href', '/course/1');
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'highlight');
    await waitFor(() => expect(params(listCalls(net, '/api/news').at(-1)!)).toEqual({ kind: 'highlight', page: '1', per_page: '12' }));
  });
});
