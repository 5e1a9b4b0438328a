import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn, storedToken } from './support';

// The vocabulary look-up (SPEC §2 "Areas implied", §4 "Vocabulary cache", ADR 076) on the shared demo
// server: agent01 opens it from the course bar, searches in English and Chinese, filters to the
// bookmarks, bookmarks and un-bookmarks (the server agrees, a reload shows what it kept); the
// glossary is kept in local storage and read again only when the server's last update is newer.
// Then on a phone in Traditional Chinese. The test first sets agent01's bookmarks to the demo's two,
// so it can run again on the same server.

const api = async (page: Page, method: 'GET' | 'PUT' | 'DELETE', path: string) => {
  const token = await storedToken(page);
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  return page.request.fetch(path, { method, headers: { Authorization: `Bearer ${token}`, 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } });
};

const entryIds = async (page: Page) => new Map(((await (await api(page, 'GET', '/api/vocabs')).json()) as { id: string; word_en: string }[]).map((e) => [e.word_en, e.id]));
const serverBookmarks = async (page: Page) => {
  const ids = await entryIds(page);
  const marked = new Set(((await (await api(page, 'GET', '/api/vocabs/bookmarks')).json()) as { id: string }[]).map((b) => b.id));
  return [...ids].filter(([, id]) => marked.has(id)).map(([word]) => word).sort();
};

/** The glossary calls the page makes from now on. */
function glossaryCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r: Request) => {
    const path = new URL(r.url()).pathname;
    if (path === '/api/vocabs' || path === '/api/vocabs/last_update') calls.push(path);
  });
  return calls;
}

test('en, desktop: look up, filter by bookmarks, bookmark; the glossary kept on the device', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'agent01');
  const ids = await entryIds(page);
  for (const word of ['Cooling-off period', 'Insurable interest']) expect((await api(page, 'PUT', `/api/vocabs/bookmarks/${ids.get(word)}`)).status()).toBe(204);
  expect((await api(page, 'DELETE', `/api/vocabs/bookmarks/${ids.get('Premium')}`)).status()).toBe(204);
  await page.evaluate(() => localStorage.removeItem('vocabCache'));

  const calls = glossaryCalls(page);
  await page.getByTestId('course-nav').getByRole('link', { name: 'Vocabulary' }).click();
  await expect(page).toHaveURL(/\/search\/vocabulary$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Vocabulary' })).toBeVisible();
  const entries = page.getByTestId('vocab-entry');
  await expect(entries).toHaveCount(16);
  await expect(page.getByTestId('vocab-status')).toHaveText('16 of 16 words');
  // No copy yet: the time, then the list.
  expect(calls).toEqual(['/api/vocabs/last_update', '/api/vocabs']);

  // A search over the six fields: an English word in any case, a Traditional Chinese word.
  const search = page.getByRole('searchbox', { name: 'Look up a word' });
  await search.fill('UNDERWRITING');
  await expect(page).toHaveURL(/\?q=UNDERWRITING$/);
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText('核保');
  await search.fill('冷靜');
  await expect(entries).toHaveCount(1);
  await expect(entries.first().getByRole('heading', { level: 2 })).toHaveText('Cooling-off period');
  await search.fill('zebra');
  await expect(page.getByText('No word matches “zebra”.')).toBeVisible();
  await search.fill('');

  // The demo's bookmarks, then one added and one taken back: the server agrees, a reload shows it.
  await page.getByTestId('vocab-bookmarked-only').click();
  await expect(page).toHaveURL(/\?bookmarked=1$/);
  await expect(entries.getByRole('heading', { level: 2 })).toHaveText(['Cooling-off period', 'Insurable interest']);
  await page.getByRole('group', { name: 'Which entries' }).getByRole('button', { name: 'All words' }).click();
  const premium = page.getByRole('button', { name: 'Bookmark “Premium”' });
  await expect(premium).toHaveAttribute('aria-pressed', 'false');
  await premium.click();
  await expect(premium).toHaveAttribute('aria-pressed', 'true');
  const cooling = page.getByRole('button', { name: 'Bookmark “Cooling-off period”' });
  await cooling.click();
  await expect(cooling).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => serverBookmarks(page)).toEqual(['Insurable interest', 'Premium']);

  // The copy is as new as the server's: a reload asks only the time.
  calls.length = 0;
  await page.reload();
  await expect(entries).toHaveCount(16);
  await expect(premium).toHaveAttribute('aria-pressed', 'true');
  await expect(cooling).toHaveAttribute('aria-pressed', 'false');
  expect(calls).toEqual(['/api/vocabs/last_update']);

  // An older copy (two words, dated 2000) is shown, then replaced by the fresh list.
  await page.evaluate(() => {
    const copy = JSON.parse(localStorage.getItem('vocabCache') ?? '{}') as { entries: unknown[] };
    localStorage.setItem('vocabCache', JSON.stringify({ lastUpdate: '2000-01-01T00:00:00.000Z', entries: copy.entries.slice(0, 2) }));
  });
  calls.length = 0;
  await page.reload();
  await expect(entries).toHaveCount(16);
  expect(calls).toEqual(['/api/vocabs/last_update', '/api/vocabs/last_update', '/api/vocabs']);
  expect(await page.evaluate(() => (JSON.parse(localStorage.getItem('vocabCache') ?? '{}') as { entries: unknown[] }).entries.length)).toBe(16);

  // Put the demo's bookmarks back for the next run.
  await premium.click();
  await cooling.click();
  await expect.poll(() => serverBookmarks(page)).toEqual(['Cooling-off period', 'Insurable interest']);
});

test('zh, phone: the glossary in Traditional Chinese fits the width', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, 'agent01');
  await page.evaluate(() => localStorage.setItem('lang', 'zh'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/search/vocabulary');
  await expect(page.getByRole('heading', { level: 1, name: '詞彙表' })).toBeVisible();
  const entries = page.getByTestId('vocab-entry');
  await expect(entries).toHaveCount(16);
  await page.getByRole('searchbox', { name: '查找詞彙' }).fill('保費');
  // The word, and the explanations that use it (the grace period's, the premium's own word).
  await expect(entries.getByRole('heading', { level: 2 })).toHaveText(['寬限期', '保費']);
  await expect(entries.nth(1)).toContainText('為獲得保障而支付給保險公司的款項。');
  await expect(page.getByRole('button', { name: '收藏「保費」' })).toHaveAttribute('aria-pressed', 'false');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
});
