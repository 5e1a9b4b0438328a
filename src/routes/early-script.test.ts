import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { earlyScript } from '../../build/early-script';
import { adoptEarlyScript } from '../api/page-data';
import { configureHttp, defaultHttpHandlers } from '../api/http';
import { agent01, json, stubFetch, tokenFor } from '../api/test-helpers';
import { getCurrentUser } from '../api/users.api';
import { getCourse, getDepartments, listCourses } from '../api/courses.api';
import { catalogueFirstReads } from './courses/courses.first-reads';
import { sendPageFirstReads } from './first-reads.loader';
import { lessonFirstReads } from './lesson/lesson.first-reads';
import { forgetCourseTotal, getCourseTotal } from '../api/on-screen-time.api';
import { clearToken, getToken, setToken } from '../platform/storage/token-storage';
import { DEFAULT_COVER_URL } from '../config/constants';
import { cardPage, completedCard, sampleCard } from '../ui/courses/samples';

// ADR 088 (after ADR 043): the early script, written by the build from the pages' first reads, asks
// for the current user and the page's first reads before the app has loaded; the app's own call
// reads that answer (adoptEarlyScript), or asks again through its http layer when it is not a
// success, so a 401 still signs out as before.

const script = earlyScript();
type Page = typeof window & { __earlyRequests?: Array<{ path: string; query?: string; lang: string; token: string; response: Promise<Response> }> };
const page = window as Page;
/** Runs the page script as the browser would, on `path`. */
function runPageScript(path: string) {
  window.history.replaceState(null, '', path);
  new Function(script)();
  return page.__earlyRequests;
}
/** What a route's loader sends for its page (router.tsx), at `address`. */
const loaderAt = (address: string, params: Record<string, string> = {}) => ({ params, request: new Request(new URL(address, location.origin)) });
/** The addresses a page script's requests went to, path and query. */
const addresses = (requests: Request[]) => requests.map((r) => new URL(r.url)).map((u) => u.pathname + u.search);

beforeEach(() => {
  setToken(tokenFor('1'));
  sessionStorage.setItem('client-id', 'client-1');
});
afterEach(() => {
  forgetCourseTotal();
  delete page.__earlyRequests;
  vi.unstubAllGlobals();
  configureHttp(defaultHttpHandlers);
  clearToken();
  sessionStorage.clear();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  for (const link of document.head.querySelectorAll('link')) link.remove();
});

describe('the early script (build/early-script.ts)', () => {
  it('asks for the current user on a signed-in page, with the headers of the app', async () => {
    localStorage.setItem('lang', 'zh');
    const net = stubFetch(() => json(agent01));
    const sent = runPageScript('/main');
    expect(sent).toHaveLength(1);
    expect(sent![0]).toMatchObject({ path: 'users/current', lang: 'zh', token: getToken() });
    await sent![0].response;
    const request = net.requests[0];
    expect(new URL(request.url).pathname).toBe('/api/users/current');
    expect(request.headers.get('Authorization')).toBe(`Bearer ${getToken()}`);
    expect(request.headers.get('X-Client-Id')).toBe('client-1');
    expect(request.headers.get('X-App-Language')).toBe('zh-HK');
    expect(request.headers.get('X-App-Id')).toBe('agent-academy');
    expect(request.headers.get('X-Client-Platform')).toBe('studentweb');
  });

  it('sends the headers the app’s http layer sends, no more and no fewer (one list: app-headers.ts)', async () => {
    localStorage.setItem('lang', 'cn');
    configureHttp({ ...defaultHttpHandlers, language: () => 'cn' });
    const net = stubFetch(() => json(agent01));
    adoptEarlyScript(runPageScript('/main'));
    await getCurrentUser();
    await getCurrentUser();
    const [early, app] = net.requests.map((request) => [...request.headers].sort());
    expect(early).toEqual(app);
  });

  it('asks for the first page of a catalogue list and its departments, a course, a lesson’s course and on-screen total', () => {
    const net = stubFetch(() => json({}));
    const asked = (path: string) => {
      net.requests.length = 0;
      runPageScript(path);
      return addresses(net.requests);
    };
    expect(asked('/courses/all')).toEqual(['/api/users/current', '/api/courses?page=1&per_page=12', '/api/courses/departments']);
    expect(asked('/courses/ranking')).toEqual(['/api/users/current', '/api/courses/ranking?page=1&per_page=12', '/api/courses/departments']);
    expect(asked('/course/7')).toEqual(['/api/users/current', '/api/courses/7']);
    expect(asked('/lesson/7/31')).toEqual(['/api/users/current', '/api/courses/7', '/api/on_screen_log/course/7/total']);
    // A list with a query (a filter, another page): its list is the loader's to ask (the departments are the same).
    expect(asked('/courses/all?page=2')).toEqual(['/api/users/current', '/api/courses/departments']);
    expect(asked('/courses/mine?status=completed')).toEqual(['/api/users/current', '/api/courses/departments']);
    // A search, an address that is no course, an id past MAX_SAFE_INTEGER: the user only.
    for (const path of ['/courses/search?q=tax', '/course/x', '/course/7/8', '/course/9007199254740993', '/lesson/7', '/courses/material']) {
      expect(asked(path), path).toEqual(['/api/users/current']);
    }
  });

  it('asks nothing signed out, without a client id, or on a page outside the signed-in layout', () => {
    const net = stubFetch(() => json(agent01));
    for (const path of ['/login', '/forgot-password', '/reset-password', '/logout', '/merge/verify', '/merge/undo', '/disclaimer', '/not-found', '/verify', '/verify/ABCD-EFGH-JKLM']) expect(runPageScript(path), path).toBeUndefined();
    sessionStorage.removeItem('client-id');
    expect(runPageScript('/main')).toBeUndefined();
    sessionStorage.setItem('client-id', 'client-1');
    clearToken();
    expect(runPageScript('/main')).toBeUndefined();
    expect(net.requests).toHaveLength(0);
  });

  it('reads a router path outside the layout as the router does: /verify/:code? is /verify and /verify/CODE, not /verify/a/b', () => {
    stubFetch(() => json(agent01));
    expect(runPageScript('/verify/a/b')).toHaveLength(1);
  });

  it('opens local storage on every page, public and signed out too (ADR 068: its first use would otherwise fall in the app’s start)', () => {
    stubFetch(() => json(agent01));
    const read = vi.spyOn(Storage.prototype, 'getItem');
    const readLanguage = () => read.mock.calls.some(([key], i) => key === 'lang' && read.mock.contexts[i] === localStorage);
    for (const path of ['/login', '/forgot-password', '/reset-password', '/main']) {
      read.mockClear();
      runPageScript(path);
      expect(readLanguage(), path).toBe(true);
    }
    sessionStorage.clear();
    delete page.__earlyRequests;
    read.mockClear();
    expect(runPageScript('/main')).toBeUndefined();
    expect(readLanguage(), 'signed out').toBe(true);
    read.mockRestore();
  });
});

describe('the first cover of a list (ADR 048)', () => {
  const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map((l) => [l.getAttribute('href'), l.getAttribute('fetchpriority')]);
  /** The page script on a list whose first page the fake server answers with `answer`. */
  async function listWith(answer: () => Response) {
    stubFetch((request) => (new URL(request.url).pathname === '/api/courses' ? answer() : json(agent01)));
    const sent = runPageScript('/courses/all')!;
    await sent[1].response;
    return sent;
  }

  it('is asked for, high, as soon as the list has arrived; the app still reads the whole list', async () => {
    const first = { ...sampleCard, cover_url: '/assets/covers/sales.svg' };
    const sent = await listWith(() => json(cardPage([first, completedCard])));
    // The copy is read on later turns of the event loop.
    await vi.waitFor(() => expect(preloads()).toEqual([['/assets/covers/sales.svg', 'high']]));
    adoptEarlyScript(sent);
    await expect(listCourses('all', { page: 1, per_page: 12 })).resolves.toMatchObject({ data: [first, completedCard], total: 2 });
  });

  it('is the app’s default cover when the first course has none', async () => {
    await listWith(() => json(cardPage([{ ...sampleCard, cover_url: '' }])));
    await vi.waitFor(() => expect(preloads()).toEqual([[DEFAULT_COVER_URL, 'high']]));
  });

  it('is not asked for from another origin, for an empty list, or when the list failed', async () => {
    await listWith(() => json(cardPage([{ ...sampleCard, cover_url: 'https://elsewhere.example/x.svg' }])));
    await listWith(() => json(cardPage([])));
    await listWith(() => json({ status_code: 503, message: 'Busy' }, 503));
    // A list the script does read, last: once its cover is asked for, the three before were read too.
    await listWith(() => json(cardPage([{ ...sampleCard, cover_url: '/assets/covers/sales.svg' }])));
    await vi.waitFor(() => expect(preloads()).toEqual([['/assets/covers/sales.svg', 'high']]));
  });
});

describe('the app reads what the page script asked for', () => {
  it('once: the current user is one request, the next call asks the server', async () => {
    const net = stubFetch(() => json(agent01));
    adoptEarlyScript(runPageScript('/main'));
    await expect(getCurrentUser()).resolves.toEqual(agent01);
    expect(net.requests).toHaveLength(1);
    await getCurrentUser();
    expect(net.requests).toHaveLength(2);
  });

  it('an answer that is not a success is asked for again through the http layer (a 401 signs out)', async () => {
    const navigate = vi.fn();
    configureHttp({ ...defaultHttpHandlers, navigate, location: () => ({ pathname: '/main', search: '' }) });
    const net = stubFetch(() => json({ status_code: 401, message: 'Not signed in' }, 401));
    adoptEarlyScript(runPageScript('/main'));
    await expect(getCurrentUser()).rejects.toMatchObject({ status: 401 });
    // The page script's request, then the app's own, whose 401 the http layer handled.
    expect(net.requests).toHaveLength(2);
    expect(getToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('an answer asked with another token, or in another language, is not read', async () => {
    const net = stubFetch(() => json(agent01));
    adoptEarlyScript(runPageScript('/main'));
    setToken(tokenFor('2'));
    await getCurrentUser();
    expect(net.requests).toHaveLength(2);

    // The page script read the stored language; the app shows another (its default, say).
    localStorage.setItem('lang', 'cn');
    configureHttp({ ...defaultHttpHandlers, language: () => 'en' });
    adoptEarlyScript(runPageScript('/main'));
    await getCurrentUser();
    expect(net.requests).toHaveLength(4);
  });

  it('a page’s data, once: the loaders send nothing more and the pages’ calls read the answers', async () => {
    const net = stubFetch((request) => json(new URL(request.url).pathname.endsWith('/total') ? { total_duration: 5 } : { data: [], page: 1, per_page: 12, total: 0 }));
    adoptEarlyScript(runPageScript('/courses/latest'));
    sendPageFirstReads(catalogueFirstReads('latest'), loaderAt('/courses/latest'));
    await Promise.all([listCourses('latest', { page: 1, per_page: 12 }), getDepartments().catch(() => undefined)]);
    expect(addresses(net.requests)).toEqual(['/api/users/current', '/api/courses/latest?page=1&per_page=12', '/api/courses/departments']);

    net.requests.length = 0;
    adoptEarlyScript(runPageScript('/lesson/7/31'));
    sendPageFirstReads(lessonFirstReads, loaderAt('/lesson/7/31', { courseId: '7', itemId: '31' }));
    await Promise.all([getCourse('7').catch(() => undefined), getCourseTotal('7')]);
    expect(addresses(net.requests)).toEqual(['/api/users/current', '/api/courses/7', '/api/on_screen_log/course/7/total']);
  });

  it('a page’s data that is not a success is asked for again with its query', async () => {
    let lists = 0;
    const net = stubFetch((request) =>
      new URL(request.url).pathname === '/api/courses' && ++lists === 1 ? json({ status_code: 503, message: 'Busy' }, 503) : json({ data: [], page: 1, per_page: 12, total: 0 }),
    );
    adoptEarlyScript(runPageScript('/courses/all'));
    await listCourses('all', { page: 1, per_page: 12 });
    expect(addresses(net.requests).slice(1)).toEqual(['/api/courses?page=1&per_page=12', '/api/courses/departments', '/api/courses?page=1&per_page=12']);
  });

  it('ignores what is not a list of requests', () => {
    expect(() => adoptEarlyScript(undefined)).not.toThrow();
    expect(() => adoptEarlyScript([{ path: 3 }, null])).not.toThrow();
  });
});

// ADR 074: the stylesheets written into the page are linked, disabled, by this script (a disabled
// link in the HTML itself was fetched by Debian's Chromium 150), so Vite's preload helper finds them.
describe('the stylesheets written into the page', () => {
  afterEach(() => document.head.querySelectorAll('style[data-href], link[rel="stylesheet"]').forEach((e) => e.remove()));

  it('links each one, disabled, right after it, on every page (signed out too)', () => {
    clearToken();
    document.head.insertAdjacentHTML('beforeend', '<style data-href="/assets/s-entry.css">body{}</style><style data-href="/assets/s-page.css">p{}</style><style>a{}</style>');
    runPageScript('/login');
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
    expect(links.map((l) => [l.getAttribute('href'), l.disabled, l.previousElementSibling?.getAttribute('data-href')])).toEqual([
      ['/assets/s-entry.css', true, '/assets/s-entry.css'],
      ['/assets/s-page.css', true, '/assets/s-page.css'],
    ]);
  });
});
