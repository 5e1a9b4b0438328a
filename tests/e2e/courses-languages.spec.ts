import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { readFileSync } from 'node:fs';
import { signIn, storedToken } from './support';

// Issue 5: the learning pages in each of the three languages at a phone's width. Each page shows its
// own title in the chosen language, fills with the server's data, and nothing is wider than the
// screen (a learner on a phone never scrolls sideways); the course detail and an item's viewer too.

type Lang = 'en' | 'cn' | 'zh';
const HTML_LANG: Record<Lang, string> = { en: 'en', cn: 'zh-CN', zh: 'zh-HK' };
const CJK = /[\u4e00-\u9fff]/;

function navTitles(lang: Lang): Record<string, string> {
  return JSON.parse(readFileSync(new URL(`../../src/i18n/locales/${lang}/nav-titles.json`, import.meta.url), 'utf8')) as Record<string, string>;
}

/** A title written "long||short" is shown long or short by the room there is: either is right. */
const titlePattern = (title: string) => new RegExp(title.split('||').map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'));

async function expectNoSidewaysScroll(page: Page, where: string) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: document.documentElement.clientWidth }));
  expect(widths.scroll, `${where}: the page is no wider than the screen`).toBeLessThanOrEqual(widths.view);
}

const PAGES: ReadonlyArray<{ path: string; title: string; content: string }> = [
  { path: '/courses/all', title: 'courses_all', content: 'course-card' },
  { path: '/courses/latest', title: 'courses_latest', content: 'course-card' },
  { path: '/courses/ranking', title: 'courses_ranking', content: 'course-rank' },
  { path: '/courses/recommended', title: 'courses_recommended', content: 'course-card' },
  { path: '/courses/material', title: 'courses_material', content: 'material-row' },
  { path: '/courses/news', title: 'courses_news', content: 'news-entry' },
];

for (const lang of ['en', 'cn', 'zh'] as const) {
  test(`the learning pages in ${lang} at a phone's width: translated, filled, no sideways scroll`, async ({ page }) => {
    test.setTimeout(60_000);
    const titles = navTitles(lang);
    await signIn(page, 'agent01');
    await page.evaluate((l) => localStorage.setItem('lang', l), lang);
    await page.setViewportSize({ width: 390, height: 844 });

    for (const { path, title, content } of PAGES) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[lang]);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading, `${path} shows its title`).toHaveText(titlePattern(titles[title]));
      if (lang !== 'en') expect(await heading.textContent()).toMatch(CJK);
      await expect(page.getByTestId(content).first(), `${path} shows the server's data`).toBeVisible();
      await expectNoSidewaysScroll(page, path);
    }

    // A filter of /courses/all applies at once and is kept in the address.
    await page.goto('/courses/all');
    await expect(page.getByTestId('course-card').first()).toBeVisible();
    const kind = page.locator('select[name="kind"]');
    await kind.selectOption({ index: 1 });
    await expect(page).toHaveURL(/kind=/);
    await expect(page.getByTestId('course-card').first()).toBeVisible();
    await expectNoSidewaysScroll(page, '/courses/all filtered');

    // The course detail, then the first item's viewer.
    await page.goto('/courses/all');
    await page.getByTestId('course-card').first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/course\//);
    await expect(page.getByTestId('lesson-item').first()).toBeVisible();
    await expectNoSidewaysScroll(page, 'course detail');
    await page.getByTestId('lesson-item').first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/lesson\//);
    await expect(page.getByTestId('lesson-view')).toBeVisible();
    await expect(page.getByTestId('on-screen-timer')).toBeVisible();
    await expectNoSidewaysScroll(page, 'item viewer');

    // Issue 13: a course's quiz, from its course page, in the language (the intro, not started).
    const auth = { headers: { Authorization: `Bearer ${await storedToken(page)}` } };
    const mine = (await (await page.request.get('/api/courses/mine?page=1&per_page=50', auth)).json()) as { data: { id: string; title: string }[] };
    const privacy = mine.data.find((c) => /privacy|私隱|私隐/i.test(c.title));
    expect(privacy, 'agent01 is enrolled in the privacy course').toBeTruthy();
    await page.goto(`/course/${privacy!.id}`);
    await page.getByTestId('course-quizzes').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/quiz\/\d+/);
    await expect(page.getByTestId('quiz-view')).toHaveAttribute('data-state', 'intro');
    await expect(page.getByTestId('quiz-start')).toBeVisible();
    const quizHeading = page.getByRole('heading', { level: 1 });
    if (lang !== 'en') expect(await quizHeading.textContent()).toMatch(CJK);
    if (lang !== 'en') expect(await page.getByTestId('quiz-start').textContent()).toMatch(CJK);
    await expectNoSidewaysScroll(page, 'quiz');
  });
}

// ADR 069: twelve cards drawn in one task were the longest task after a catalogue's first paint on a
// phone. The grid draws its first row with the page, then two cards in each following task; while cards
// are to come the list is busy and the pages' navigation below it is hidden, so it never moves
// under the reader. Recorded by a MutationObserver (one callback per change, between tasks), in the
// production build, the renderer that ships (React 19): each step waits for an explicit yield to the
// browser, not for when the renderer runs its effects (ADR 082).
test('a catalogue draws its first row of cards with the page and the rest two per task; its pages appear once all are drawn', async ({ page }) => {
  await signIn(page, 'agent01');
  await page.addInitScript(() => {
    const seen: Array<{ cards: number; busy: string | null; pagesShown: boolean | null }> = [];
    (window as unknown as { cardsSeen: typeof seen }).cardsSeen = seen;
    new MutationObserver(() => {
      const grid = document.querySelector('[data-testid="course-grid"]');
      if (!grid) return;
      const pages = document.querySelector('[data-testid="pagination"]');
      const entry = { cards: grid.querySelectorAll('[data-testid="course-card"]').length, busy: grid.getAttribute('aria-busy'), pagesShown: pages ? getComputedStyle(pages).visibility !== 'hidden' : null };
      const last = seen.at(-1);
      if (!last || last.cards !== entry.cards || last.busy !== entry.busy || last.pagesShown !== entry.pagesShown) seen.push(entry);
    }).observe(document, { childList: true, subtree: true, attributes: true });
  });
  type Seen = Array<{ cards: number; busy: string | null; pagesShown: boolean | null }>;
  const seenSoFar = () => page.evaluate(() => (window as unknown as { cardsSeen: Seen }).cardsSeen.splice(0));
  const expectDrawnByRows = (seen: Seen, where: string) => {
    const counts = seen.map((s) => s.cards).filter((n, i, all) => n !== all[i - 1]);
    // On a page change the previous page's cards stay under the spinner until the new ones come.
    expect(counts.slice(counts.indexOf(4)), `${where}: 4 cards, then 2 more per task (seen ${counts.join(', ')})`).toEqual([4, 6, 8, 10, 12]);
    for (const s of seen.slice(seen.findIndex((x) => x.cards === 4))) {
      expect(s.busy, `${where}: busy while ${s.cards} of 12 are drawn`).toBe(s.cards < 12 ? 'true' : null);
      if (s.pagesShown !== null) expect(s.pagesShown, `${where}: the pages hidden while ${s.cards} of 12 are drawn`).toBe(s.cards === 12);
    }
  };
  await page.goto('/courses/all');
  await expect(page.getByTestId('course-card')).toHaveCount(12);
  await expect(page.getByTestId('pagination')).toBeVisible();
  expectDrawnByRows(await seenSoFar(), 'the first load');

  // The same grid given another page starts again from its first row.
  await page.getByTestId('pagination').getByRole('button', { name: /2/ }).first().click();
  await expect(page.getByTestId('course-card')).toHaveCount(2);
  await seenSoFar();
  await page.getByTestId('pagination').getByRole('button', { name: /1/ }).first().click();
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page.getByTestId('course-card')).toHaveCount(12);
  await expect(page.getByTestId('pagination')).toBeVisible();
  expectDrawnByRows(await seenSoFar(), 'back on page 1');
});
