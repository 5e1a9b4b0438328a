import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn, storedToken } from './support';
import { AFTER_PAGE_LOAD_DELAY_MS } from '../../src/platform/after-page-load';

// Issue 11 §6, bytes on the wire (ADR 015): an English page fetches no Chinese font (neither the
// faces' stylesheet nor a font file), a Chinese page fetches only its own script's font, and the
// app's scripts and styles arrive compressed.

const CJK_FONT = /\/assets\/(?:fonts[\w-]*\.css|noto-sans-(?:hk|sc)-)/;
const HK_FONT_FILE = /\/assets\/noto-sans-hk-[\w-]+\.woff2$/;
const SC_FONT = /\/assets\/(?:fonts-sc[\w-]*\.css|noto-sans-sc-)/;

/** Every URL the page requests from now on. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

async function inLanguage(page: Page, lang: 'en' | 'cn' | 'zh') {
  await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
}

test('an English page requests no Chinese font, and its scripts and styles arrive compressed', async ({ page }) => {
  await inLanguage(page, 'en');
  const urls = recordRequests(page);
  const encodings = new Map<string, string | null>();
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type === 'script' || type === 'stylesheet') encodings.set(response.url(), await response.headerValue('content-encoding'));
  });

  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(urls.filter((u) => CJK_FONT.test(u)), 'Chinese font requests on /login in English').toEqual([]);
  expect(encodings.size).toBeGreaterThan(0);
  for (const [url, encoding] of encodings) expect(`${url}: ${encoding}`).toMatch(/: (br|gzip)$/);

  await signIn(page, 'agent01');
  await page.waitForLoadState('networkidle');
  expect(urls.filter((u) => CJK_FONT.test(u)), 'Chinese font requests on /main in English').toEqual([]);
});

test('a page in traditional Chinese loads Noto Sans HK and not the simplified font', async ({ page }) => {
  await inLanguage(page, 'zh');
  const urls = recordRequests(page);
  const hkFont = page.waitForRequest(HK_FONT_FILE);
  await page.goto('/login');
  await hkFont;
  await page.waitForLoadState('networkidle');
  expect(urls.filter((u) => SC_FONT.test(u))).toEqual([]);
});

test('switching an English page to simplified Chinese loads Noto Sans SC then', async ({ page }) => {
  await inLanguage(page, 'en');
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  const urls = recordRequests(page);
  const scFont = page.waitForRequest(/\/assets\/noto-sans-sc-[\w-]+\.woff2$/);
  await page.getByTestId('language-select').selectOption('cn');
  await scFont;
  expect(urls.some((u) => HK_FONT_FILE.test(u))).toBe(false);
});

// ADR 043: a first page's HTML names its chunks, its language's texts and the configuration, and the
// browser fetches each of them once (the app's own later import() and fetch reuse them).
test('a first page in Chinese names its chunks and texts in its HTML and fetches each once', async ({ page }) => {
  await signIn(page, 'agent01');
  // The language is stored; the next boot tells the server (the lang cookie).
  await page.evaluate(() => localStorage.setItem('lang', 'zh'));
  await page.reload();
  await expect(page.getByTestId('home-tile').first()).toBeVisible();
  // Leave the signed-in page first: its own after-load fetches (ADR 071, 3 s after its load event)
  // must not be counted as the next first page's.
  await page.goto('about:blank');
  const urls = recordRequests(page);
  const response = await page.goto('/courses/all');
  const html = (await response?.text()) ?? '';
  await expect(page.getByRole('navigation', { name: /課程/ })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const hinted = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
  expect(hinted.some((h) => /\/assets\/zh-[\w-]+\.js$/.test(h)), 'the traditional Chinese texts are named').toBe(true);
  expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="/api/app-config">');
  const assets = urls.filter((u) => u.includes('/assets/')).map((u) => new URL(u).pathname);
  for (const h of hinted) expect(assets.filter((a) => a === h), h).toHaveLength(1);
  expect(assets.filter((a) => /\/assets\/en-[\w-]+\.js$/.test(a)), 'no English texts').toEqual([]);
  // The entry's stylesheet is written into the page, named by its file; the early script (build/early-script.ts)
  // links it disabled (which keeps Vite's preload helper from linking it again), it is never
  // fetched, and the page still has its styles (ADR 053, 074).
  const entryCss = /<style data-href="([^"]+)">/.exec(html)?.[1];
  expect(entryCss, 'the entry stylesheet inlined').toMatch(/^\/assets\/s-[\w-]+\.css$/);
  await expect(page.locator(`link[rel="stylesheet"][href="${entryCss}"]`)).toHaveJSProperty('disabled', true);
  expect(assets.filter((a) => a === entryCss), 'the entry stylesheet never fetched').toEqual([]);
  expect(await page.locator('#root').evaluate((root) => getComputedStyle(root).minHeight)).not.toBe('0px');
  expect(urls.filter((u) => new URL(u).pathname === '/api/app-config'), 'one configuration request').toHaveLength(1);
  // The current user is asked for by the early script (build/early-script.ts) before the app loads, and only by it.
  expect(urls.filter((u) => new URL(u).pathname === '/early-requests.js')).toHaveLength(1);
  expect(urls.filter((u) => new URL(u).pathname === '/api/users/current'), 'one current user request').toHaveLength(1);
  // The list's first cover was asked for by the page script as soon as the list arrived (ADR 048),
  // and the card's image read that answer: one request.
  const firstCover = await page.getByTestId('course-grid').locator('img').first().getAttribute('src');
  await expect(page.locator(`head link[rel="preload"][as="image"][href="${firstCover}"]`)).toHaveCount(1);
  expect(urls.filter((u) => new URL(u).pathname === firstCover), 'one request for the first cover').toHaveLength(1);
  // So are the list's first page and the departments (ADR 044), and the app reads those answers.
  const asked = (path: string) => urls.filter((u) => new URL(u).pathname === path);
  expect(asked('/api/courses'), 'one list request').toEqual([expect.stringMatching(/\/api\/courses\?page=1&per_page=12$/)]);
  expect(asked('/api/courses/departments'), 'one departments request').toHaveLength(1);

  // A lesson opened by its address: its course and the course's on-screen total, once each.
  urls.length = 0;
  await page.goto('/lesson/1/1');
  await expect(page.getByRole('article')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(asked('/api/courses/1'), 'one course request').toHaveLength(1);
  expect(asked('/api/on_screen_log/course/1/total'), 'one total request').toHaveLength(1);
});

/**
 * Records the scripts `page` loads from now on. `loadedWith(marker)` answers the URLs of those loaded
 * since its last call whose text holds `marker` (a string only one part of the app writes).
 */
function scriptsLoaded(page: Page) {
  const bodies: Array<Promise<[string, string]>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.text().then((text) => [response.url(), text], () => [response.url(), '']));
  });
  return async (marker: string) => {
    const loaded = await Promise.all(bodies.splice(0));
    expect(loaded.length, 'scripts were loaded').toBeGreaterThan(0);
    return loaded.filter(([, text]) => text.includes(marker)).map(([url]) => url);
  };
}

/** Opens a reading lesson and course 1's page, each until shown, and expects none of the scripts either loaded to hold `marker`. */
async function expectLessonAndCourseWithout(page: Page, loadedWith: (marker: string) => Promise<string[]>, marker: string) {
  for (const [path, shown] of [
    ['/lesson/1/1', page.getByRole('article')],
    ['/course/1', page.locator('article.course-detail')],
  ] as const) {
    await page.goto(path);
    await expect(shown).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await loadedWith(marker), path).toEqual([]);
  }
}

// ADR 066: the catalogue's page code (its tabs, cards, list machines) is its own chunk. The lesson
// and the course page share the course's API and texts with it, and used to load and run the
// catalogue's whole chunk for them. A class name only the catalogue's tabs write marks that code.
const CATALOGUE_CODE = 'catalogue-tabs__tab';

test("a lesson and a course page load none of the catalogue page's code; the catalogue does (ADR 066)", async ({ page }) => {
  await signIn(page, 'agent01');
  const loadedWith = scriptsLoaded(page);
  await expectLessonAndCourseWithout(page, loadedWith, CATALOGUE_CODE);

  await page.goto('/courses/all');
  await expect(page.getByTestId('course-grid')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await loadedWith(CATALOGUE_CODE), 'the catalogue loads its own code').toHaveLength(1);
});

// ADR 070: the SCORM launcher (its machine, journal, contract and view) is a chunk of its own, loaded
// when a SCORM item is shown. A class name only the launcher's view writes marks that code.
const SCORM_CODE = 'scorm-launcher__sync';

test('a reading lesson and a course without a SCORM item load none of the SCORM launcher; a course with one does (ADR 070)', async ({ page }) => {
  await signIn(page, 'agent01');
  const auth = { headers: { Authorization: `Bearer ${await storedToken(page)}` } };
  type Detail = { lessons: { items: { id: string; kind: string }[] }[] };
  const kindsOf = async (courseId: string) => ((await (await page.request.get(`/api/courses/${courseId}`, auth)).json()) as Detail).lessons.flatMap((l) => l.items.map((i) => i.kind));
  expect(await kindsOf('1'), 'course 1 has no SCORM item').not.toContain('scorm');
  const mine = (await (await page.request.get('/api/courses/mine?page=1&per_page=50', auth)).json()) as { data: { id: string }[] };
  let scormCourse: string | undefined;
  for (const { id } of mine.data) if ((await kindsOf(id)).includes('scorm')) scormCourse ??= id;
  expect(scormCourse, 'agent01 is enrolled in a course with a SCORM item').toBeTruthy();

  const loadedWith = scriptsLoaded(page);
  await expectLessonAndCourseWithout(page, loadedWith, SCORM_CODE);
  await page.goto(`/course/${scormCourse}`);
  await expect(page.getByTestId('scorm-launcher').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await loadedWith(SCORM_CODE), 'the course with a SCORM item loads the launcher').toHaveLength(1);
});

// ADR 071: Radix Dialog (the focus trap, scroll lock and layers of every modal and of the side
// drawer) is fetched once a signed-in page has loaded and settled, not before its first paint; a
// string only Radix's layers write marks that code. The drawer opens with it.
const DIALOG_CODE = 'dismissableLayer.pointerDownOutside';

test('a signed-in page draws without the dialog code, which it fetches after its load event and a settling delay; the drawer then opens (ADR 071)', async ({ page }) => {
  await signIn(page, 'agent01');
  await page.setViewportSize({ width: 390, height: 844 });
  const loadedWith = scriptsLoaded(page);
  await page.goto('/main', { waitUntil: 'load' });
  await expect(page.getByTestId('home-tile').first()).toBeVisible();
  const dialogCode = page.waitForResponse(async (response) => response.request().resourceType() === 'script' && (await response.text()).includes(DIALOG_CODE));
  expect(await loadedWith(DIALOG_CODE), 'no dialog code by the time the page has loaded').toEqual([]);
  const url = (await dialogCode).url();
  // Both times from the page's own timeline: when its load event began, and when it asked for the code.
  const gap = await page.evaluate((script) => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const [fetched] = performance.getEntriesByName(script, 'resource');
    return fetched.startTime - navigation.loadEventStart;
  }, url);
  expect(gap, 'fetched after the settling delay').toBeGreaterThanOrEqual(AFTER_PAGE_LOAD_DELAY_MS);
  await page.getByTestId('menu-button').click();
  await expect(page.getByTestId('side-drawer')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('side-drawer')).toBeHidden();
});

// ADR 072: a lesson's attachment views (the viewer, its video, PDF, audio, image and document views,
// the like button) are a chunk of their own, loaded when the lesson shows an attachment. A class
// name only the viewer writes marks that code.
const ATTACHMENT_CODE = 'attachment-viewer__progress';

test('a reading lesson loads none of the attachment views; a lesson with an attachment loads and shows them (ADR 072)', async ({ page }) => {
  await signIn(page, 'agent01');
  const auth = { headers: { Authorization: `Bearer ${await storedToken(page)}` } };
  type Detail = { lessons: { items: { id: string; kind: string; attachment: { id: string } | null }[] }[] };
  const items = ((await (await page.request.get('/api/courses/1', auth)).json()) as Detail).lessons.flatMap((l) => l.items);
  const reading = items.find((i) => i.kind === 'reading' && !i.attachment);
  const withAttachment = items.find((i) => i.attachment);
  expect(reading && withAttachment, 'course 1 has a reading and an item with an attachment').toBeTruthy();

  const loadedWith = scriptsLoaded(page);
  await page.goto(`/lesson/1/${reading!.id}`);
  await expect(page.getByRole('article')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await loadedWith(ATTACHMENT_CODE), 'the reading lesson').toEqual([]);
  await page.goto(`/lesson/1/${withAttachment!.id}`);
  await expect(page.locator('.attachment-viewer')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await loadedWith(ATTACHMENT_CODE), 'the lesson with an attachment').toHaveLength(1);
});
