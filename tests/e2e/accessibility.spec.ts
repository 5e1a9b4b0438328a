import type { Page } from '@playwright/test';
import type { AxeFinding } from './accessibility-audit';
import { describeFindings } from './accessibility-audit';
import { expect, test, type AccessibilityAudit } from './fixtures';
import { signIn } from './support';

// Issue 11 §5: axe-core finds no serious or critical violation on the pages agent01 sees, in
// English and traditional Chinese, on a desktop and on a phone. Every other journey checks the
// pages it happens to show (tests/e2e/fixtures.ts); this one walks all of them on purpose.

// The walks are independent: let both workers take them.
test.describe.configure({ mode: 'parallel' });

/** Each group is one journey per language and device, short enough to finish in its time on a busy
 *  2-core machine. The material library and the course also lead to the pages under their ids. */
const PUBLIC_PAGES = ['/login', '/forgot-password', '/disclaimer'];
const GROUPS: Record<string, readonly string[]> = {
  'home and placeholder pages': ['/main', '/search', '/search/vocabulary', '/offline', '/themes', '/learning-map', '/mockexam', '/no/such/page'],
  'catalogue pages': ['/courses/all', '/courses/latest', '/courses/ranking', '/courses/recommended', '/courses/mine', '/courses/news', '/courses/material'],
  'account pages': ['/notification', '/profile', '/profile/identity-checks', '/setting', '/setting/reset-password', '/setting/two-factor'],
  'course detail and its item viewers': ['/course/1'],
};
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const HTML_LANG = { en: 'en', zh: 'zh-HK' } as const;

/** Moves the app to `path` as its router sees a link or Back: no reload. */
async function goInside(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === path);
}

/** The first page of a walk loads the app (in the language just chosen); the next ones are reached
 *  inside it, as a link would, without loading the whole app again for each. */
async function show(page: Page, path: string, lang: keyof typeof HTML_LANG, { first }: { first: boolean }) {
  if (first) await page.goto(path);
  else await goInside(page, path);
  await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[lang]);
  await expect(page.locator('h1, [role=heading][aria-level="1"]').first(), `${path} is shown`).toBeVisible();
}

/** Opens the first link of the first matching element: pages whose address holds a server id. */
async function follow(page: Page, testId: string, expected: RegExp) {
  await expect(page.getByTestId(testId).first()).toBeVisible();
  await page.getByTestId(testId).first().getByRole('link').first().click();
  await expect(page).toHaveURL(expected);
}

/** Shows each page of a group and checks it; returns what axe found and which pages were checked. */
async function walk(page: Page, audit: AccessibilityAudit, lang: keyof typeof HTML_LANG, paths: readonly string[]) {
  const found: AxeFinding[] = [];
  const checked: string[] = [];
  const checkHere = async () => {
    found.push(...(await audit.check(page)));
    checked.push(new URL(page.url()).pathname);
  };
  for (const [index, path] of paths.entries()) {
    await show(page, path, lang, { first: index === 0 });
    await checkHere();
  }
  // Pages addressed by the server's ids: a material's viewer, a course's item viewers.
  if (paths.includes('/courses/material')) {
    await follow(page, 'material-row', /\/courses\/material\/[^/]+$/);
    await checkHere();
  }
  if (paths.includes('/course/1')) {
    const items = await page.getByTestId('lesson-item').getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(items.length, 'course 1 lists its items').toBeGreaterThan(0);
    for (const href of new Set(items)) {
      await goInside(page, href);
      await expect(page.getByTestId('lesson-view')).toBeVisible();
      await checkHere();
    }
  }
  return { found, checked };
}

for (const lang of ['en', 'zh'] as const) {
  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    test(`no serious or critical axe violation on the public pages in ${lang} on a ${device}`, async ({ page, accessibilityAudit }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(viewport);
      await page.goto('/login');
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      const { found, checked } = await walk(page, accessibilityAudit, lang, PUBLIC_PAGES);
      expect(checked).toEqual(PUBLIC_PAGES);
      expect(found, `serious or critical violations:\n${describeFindings(found)}`).toEqual([]);
    });

    for (const [group, paths] of Object.entries(GROUPS)) {
      test(`no serious or critical axe violation on agent01's ${group} in ${lang} on a ${device}`, async ({ page, accessibilityAudit }) => {
        test.setTimeout(180_000);
        await page.setViewportSize(viewport);
        await signIn(page, 'agent01');
        await page.evaluate((l) => localStorage.setItem('lang', l), lang);
        const { found, checked } = await walk(page, accessibilityAudit, lang, paths);
        expect(checked.length, 'every page of the group was checked').toBeGreaterThanOrEqual(paths.length);
        expect(found, `serious or critical violations:\n${describeFindings(found)}`).toEqual([]);
      });
    }
  }
}
