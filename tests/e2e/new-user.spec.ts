import { devices, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn, storedToken } from './support';

// Issue 11 §5: what a new user hit in the browser (demo server, project "chromium").

test.describe('an iPhone user (demo: no app exists)', () => {
  // Chromium with the iPhone's user agent, screen and touch (the browser type stays Chromium).
  const { defaultBrowserType: _browser, ...iPhone } = devices['iPhone 13'];
  test.use(iPhone);

  test('signs in, closes the download-app dialog and reaches /main', async ({ page }) => {
    await signIn(page, 'agent02');
    const dialog = page.getByTestId('app-download-dialog');
    await expect(dialog).toContainText('No app is available for your device yet');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/main$/);
    await expect(page.getByTestId('home-tile').first()).toBeVisible();
    await page.getByTestId('home-tile').first().click();
    await expect(page).toHaveURL(/\/courses\/all$/);
    // Issue 43 item 20: once per session, not at every full page load.
    for (const load of [() => page.reload(), () => page.goto('/main')]) {
      await load();
      // The dialog's code is fetched lazily: wait until the page has fetched all it wants.
      await page.waitForLoadState('networkidle');
      await expect(page.getByTestId('bottom-nav')).toBeVisible();
      await expect(dialog).toHaveCount(0);
    }
  });
});

async function courseItem(page: Page, courseId: string, type: string): Promise<{ id: string; title: string }> {
  const token = await storedToken(page);
  const res = await page.request.get(`/api/courses/${courseId}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  const course = (await res.json()) as { lessons: { items: { id: string; title: string; attachment: { type: string } | null }[] }[] };
  const item = course.lessons.flatMap((l) => l.items).find((i) => i.attachment?.type === type);
  expect(item, `a ${type} item in course ${courseId}`).toBeDefined();
  return item!;
}

test('an office document is offered as a Download and saved, without leaving the lesson', async ({ page, context }) => {
  await signIn(page, 'agent01');
  const doc = await courseItem(page, '1', 'docx');
  await page.goto(`/lesson/1/${doc.id}`);
  const button = page.getByRole('button', { name: 'Download' });
  await expect(button).toBeEnabled({ timeout: 15_000 });
  // Issue 43 §23: the Word file's text is shown in the page too.
  await expect(page.getByTestId('office-preview-docx')).toContainText('Client Needs Checklist', { timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Open in a new window' })).toHaveCount(0);
  const download = page.waitForEvent('download');
  await button.click();
  expect((await download).suggestedFilename()).toMatch(/\.docx$/);
  await expect(page).toHaveURL(new RegExp(`/lesson/1/${doc.id}$`));
  expect(context.pages()).toHaveLength(1);
});

/** The first course (of the catalogue) with an item of `type`, and that item. */
async function anyCourseItem(page: Page, type: string): Promise<{ courseId: string; itemId: string }> {
  const headers = { Authorization: `Bearer ${await storedToken(page)}` };
  const list = await page.request.get('/api/courses?page=1&per_page=50', { headers });
  expect(list.status()).toBe(200);
  for (const { id } of ((await list.json()) as { data: { id: string }[] }).data) {
    const course = (await (await page.request.get(`/api/courses/${id}`, { headers })).json()) as { lessons: { items: { id: string; attachment: { type: string } | null }[] }[] };
    const item = course.lessons.flatMap((l) => l.items).find((i) => i.attachment?.type === type);
    if (item) return { courseId: id, itemId: item.id };
  }
  throw new Error(`no course has a ${type} item`);
}

test('issue 43 §23: an Excel file is previewed as a table in the lesson; a PowerPoint file says it has no preview, in the interface language', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, 'agent02');
  const sheet = await anyCourseItem(page, 'xlsx');
  await page.goto(`/lesson/${sheet.courseId}/${sheet.itemId}`);
  const table = page.getByTestId('office-preview-xlsx');
  await expect(table.getByRole('columnheader', { name: 'Product' })).toBeVisible({ timeout: 15_000 });
  await expect(table.getByRole('row', { name: /Term Life 10/ }).getByRole('cell', { name: '320' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download' })).toBeEnabled();

  const slides = await anyCourseItem(page, 'pptx');
  await page.goto(`/lesson/${slides.courseId}/${slides.itemId}`);
  await expect(page.getByTestId('document-hint')).toHaveText('A preview of this kind of file (PowerPoint) is not available here: download it to open it with an office app.', { timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Download' })).toBeEnabled();
  await page.evaluate(() => localStorage.setItem('lang', 'zh'));
  await page.reload();
  await expect(page.getByTestId('document-hint')).toHaveText('此類檔案（PowerPoint）無法在此預覽：請下載後以辦公室軟件開啟。', { timeout: 15_000 });
});

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** The element is on screen and not covered (the bottom bar, the header) at its centre. */
async function expectUncovered(page: Page, testId: string) {
  const target = page.getByTestId(testId);
  await expect(target).toBeInViewport({ ratio: 1 });
  const hit = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return top !== null && (el === top || el.contains(top));
  });
  expect(hit, `${testId} is not covered`).toBe(true);
}

for (const size of SIZES) {
  test(`${size.name} ${size.width}x${size.height}: the PDF pager stays on screen on every page, and every catalogue tab is reachable`, async ({ page }, info) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page, 'agent03');
    const pdf = await courseItem(page, '1', 'pdf');
    await page.goto(`/lesson/1/${pdf.id}`);
    await expect(page.getByTestId('pdf-page')).toContainText('1', { timeout: 20_000 });
    for (let n = 1; n <= 4; n++) {
      await expectUncovered(page, 'pdf-next');
      await expectUncovered(page, 'pdf-previous');
      if (n < 4) {
        await page.getByTestId('pdf-next').click();
        await expect(page.getByTestId('pdf-page')).toContainText(String(n + 1));
      }
    }
    await page.screenshot({ path: info.outputPath(`pdf-${size.name}.png`) });

    await page.goto('/courses/all');
    const tabs = page.getByRole('navigation', { name: /catalogue|course lists/i }).getByRole('link');
    await expect(tabs).toHaveCount(7);
    for (const tab of await tabs.all()) {
      await tab.scrollIntoViewIfNeeded();
      // Whole (a subpixel edge aside), not cut off by the page column.
      await expect(tab).toBeInViewport({ ratio: 0.98 });
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: info.outputPath(`catalogue-${size.name}.png`) });
  });
}
