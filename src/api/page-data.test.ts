import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCourse, listCourses } from './courses.api';
import { configureHttp, defaultHttpHandlers } from './http';
import { PAGE_DATA_REUSE_MS as EARLY_REUSE_MS, holdFirstReads as holdEarly, sendFirstRead, trackWrite } from './page-data';
import { fillPath } from './route-contract';
import { courseListPaths, coursePath } from './schemas/courses.paths';
import { json, stubFetch, tokenFor } from './test-helpers';
import { clearToken, setToken } from '../platform/storage/token-storage';
import { cardPage, sampleCard, sampleCourse } from '../ui/courses/samples';

// ADR 088: a route's loader sends its page's first reads into the page-data cache (sendFirstRead);
// the page's call of the same endpoint with the same query reads that answer (callRoute →
// takeFirstRead) instead of asking again, within the limits page-data.ts sets: reuse within a
// navigation, and nothing stale after this tab's own write.

/** What a route's loader sends for a contract's path (first-reads.loader.ts). */
function sendEarly(path: string, { params, query }: { params?: Record<string, string>; query?: Record<string, unknown> } = {}): void {
  sendFirstRead(fillPath(path, params).slice('/api/'.length), query);
}

const page = cardPage([sampleCard]);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
/** The list page, or the course for courses/2 and courses/3. */
const answer = (r: Request) => (/\/api\/courses\/\d+$/.test(new URL(r.url).pathname) ? json(sampleCourse) : json(page));

beforeEach(() => setToken(tokenFor('1')));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  configureHttp(defaultHttpHandlers);
  // Whatever a test left asked for is dropped with the token.
  clearToken();
});

describe('the page-data cache', () => {
  it('the page reads what its loader asked for: one request, whatever the order of the query, on its way or arrived', async () => {
    const net = stubFetch(answer);
    sendEarly(courseListPaths.all, { query: { kind: 'elective', page: 2, per_page: 12 } });
    await expect(listCourses('all', { per_page: 12, page: 2, kind: 'elective' })).resolves.toEqual(page);
    expect(net.requests).toHaveLength(1);

    sendEarly(coursePath, { params: { id: '2' } });
    await settle();
    await settle();
    expect(net.requests).toHaveLength(2);
    await expect(getCourse('2')).resolves.toEqual(sampleCourse);
    expect(net.requests).toHaveLength(2);
  });

  it('is read once: the next call asks the server (a retry, a reload)', async () => {
    const net = stubFetch(() => json(page));
    sendEarly(courseListPaths.latest, { query: { page: 1, per_page: 12 } });
    await listCourses('latest', { page: 1, per_page: 12 });
    await listCourses('latest', { page: 1, per_page: 12 });
    expect(net.requests).toHaveLength(2);
  });

  it('another query or another list is not the same request', async () => {
    const net = stubFetch(() => json(page));
    sendEarly(courseListPaths.all, { query: { page: 1, per_page: 12 } });
    await listCourses('all', { page: 2, per_page: 12 });
    await listCourses('latest', { page: 1, per_page: 12 });
    expect(net.requests.map((r) => new URL(r.url).pathname + new URL(r.url).search)).toEqual([
      '/api/courses?page=1&per_page=12',
      '/api/courses?page=2&per_page=12',
      '/api/courses/latest?page=1&per_page=12',
    ]);
  });

  it('a failed one is not kept: the page asks again, and sees its own answer', async () => {
    let fail = true;
    const net = stubFetch(() => (fail ? json({ status_code: 503, message: 'Later.' }, 503) : json(page)));
    sendEarly(courseListPaths.all, { query: { page: 1, per_page: 12 } });
    await settle();
    await settle();
    fail = false;
    await expect(listCourses('all', { page: 1, per_page: 12 })).resolves.toEqual(page);
    expect(net.requests).toHaveLength(2);
  });

  it('an answer asked with another token is never read, and nothing is sent signed out', async () => {
    const net = stubFetch(() => json(page));
    sendEarly(courseListPaths.all, { query: { page: 1, per_page: 12 } });
    await settle();
    const other = tokenFor('2');
    setToken(other);
    await listCourses('all', { page: 1, per_page: 12 });
    expect(net.requests).toHaveLength(2);
    expect(net.last().headers.get('Authorization')).toBe(`Bearer ${other}`);

    clearToken();
    sendEarly(courseListPaths.all, { query: { page: 1, per_page: 12 } });
    await settle();
    expect(net.requests).toHaveLength(2);
  });

  it('an answer asked in another language is not read', async () => {
    let language = 'en';
    configureHttp({ ...defaultHttpHandlers, language: () => language });
    const net = stubFetch(() => json(page));
    sendEarly(courseListPaths.all, { query: { page: 1, per_page: 12 } });
    language = 'zh';
    await listCourses('all', { page: 1, per_page: 12 });
    expect(net.requests).toHaveLength(2);
  });

  it(`an answer is good for ${EARLY_REUSE_MS} ms after it arrived, no longer`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const net = stubFetch(() => json(page));
    sendEarly(courseListPaths.all, { query: { page: 1, per_page: 12 } });
    sendEarly(courseListPaths.latest, { query: { page: 1, per_page: 12 } });
    await settle();
    await settle();
    vi.setSystemTime(Date.now() + EARLY_REUSE_MS);
    await listCourses('all', { page: 1, per_page: 12 });
    expect(net.requests).toHaveLength(2);
    vi.setSystemTime(Date.now() + 1);
    await listCourses('latest', { page: 1, per_page: 12 });
    expect(net.requests).toHaveLength(3);
  });

  it("a write of this tab drops the answers asked before it; none is asked while it is on its way or while a page that writes when left is open", async () => {
    const net = stubFetch(answer);
    sendEarly(coursePath, { params: { id: '2' } });
    await settle();
    let arrive!: () => void;
    trackWrite(new Promise<void>((resolve) => (arrive = resolve)));
    sendEarly(coursePath, { params: { id: '3' } });
    await settle();
    expect(net.requests).toHaveLength(1);
    arrive();
    await settle();
    await getCourse('2');
    expect(net.requests, 'asked again after the write').toHaveLength(2);

    const release = holdEarly();
    sendEarly(coursePath, { params: { id: '2' } });
    await settle();
    expect(net.requests, 'a page that writes when left is open').toHaveLength(2);
    release();
    release();
    sendEarly(coursePath, { params: { id: '2' } });
    await settle();
    expect(net.requests).toHaveLength(3);
    await getCourse('2');
    expect(net.requests).toHaveLength(3);
  });

  it("the page's abort aborts the request it took", async () => {
    // A server that never answers; the request ends when it is aborted, as fetch does.
    const net = stubFetch((r) => new Promise<Response>((_, reject) => r.signal.addEventListener('abort', () => reject(r.signal.reason))));
    sendEarly(courseListPaths.all, { query: { page: 1, per_page: 12 } });
    const controller = new AbortController();
    const list = listCourses('all', { page: 1, per_page: 12 }, { signal: controller.signal });
    await vi.waitFor(() => expect(net.requests).toHaveLength(1));
    expect(net.last().signal.aborted).toBe(false);
    controller.abort();
    expect(net.last().signal.aborted).toBe(true);
    await expect(list).rejects.toMatchObject({ name: 'AbortError' });
    expect(net.requests).toHaveLength(1);
  });
});
