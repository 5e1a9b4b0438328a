import type { Page } from '@playwright/test';
import type { AxeFinding } from './accessibility-audit';
import { describeFindings } from './accessibility-audit';
import { expect, test, type AccessibilityAudit } from './fixtures';
import { signIn } from './support';

// Issue 11 §5, issue 43 item 26: axe-core finds no serious or critical violation on any page, in
// English, traditional and simplified Chinese, on a desktop and on a phone (the manager's pages as
// manager01, the others as agent01). Each walk is one signed-in page per language, role and device. Every other journey checks the
// pages it happens to show (tests/e2e/fixtures.ts); this one walks all of them on purpose.

// The walks are independent: let both workers take them.
test.describe.configure({ mode: 'parallel' });

/** The pages by area; one walk per language and device shows them all (issue 43: the sign-in and the
 *  app load once, not once per group). The material library, the classroom courses, the profile's
 *  certificates and the course also lead to the pages under their ids. */
const PUBLIC_PAGES = ['/login', '/forgot-password', '/disclaimer'];
const GROUPS: Record<string, readonly string[]> = {
  'home and placeholder pages': ['/main', '/search', '/search/vocabulary', '/offline', '/themes', '/learning-map', '/mockexam', '/no/such/page'],
  'catalogue pages': ['/courses/all', '/courses/latest', '/courses/ranking', '/courses/recommended', '/courses/mine', '/courses/news', '/courses/material'],
  'account pages': ['/notification', '/cpd', '/profile', '/profile/identity-checks', '/setting', '/setting/reset-password', '/setting/two-factor'],
  'course detail and its item viewers': ['/course/1'],
  'classroom courses': ['/offline/mine'],
};
/** Every page agent01 sees, in one walk per language and device: one sign-in, one app load. */
const AGENT_PAGES = Object.values(GROUPS).flat();
/** manager01's pages (the management link is the manager's only). */
const MANAGER_PAGES = ['/management', '/management/recruits', '/notification', '/profile'];
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const HTML_LANG = { en: 'en', zh: 'zh-HK', cn: 'zh-CN' } as const;

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
  // Pages addressed by the server's ids are reached from the page that lists them, right after it.
  const beyond: Record<string, () => Promise<void>> = {
    '/courses/material': async () => {
      await follow(page, 'material-row', /\/courses\/material\/[^/]+$/);
      await checkHere();
    },
    '/offline/mine': async () => {
      // A classroom course's page with its sessions and enrolment panel.
      await goInside(page, '/offline');
      await follow(page, 'offline-course-card', /\/offline\/\d+$/);
      await expect(page.locator('h1').first()).toBeVisible();
      await checkHere();
    },
    '/profile/identity-checks': async () => {
      // agent01's passed examination: its certificate, then its quiz page with the records table.
      await goInside(page, '/profile');
      await expect(page.getByTestId('certificate').first()).toBeVisible();
      await page.getByTestId('certificate').first().getByRole('link').first().click();
      await expect(page).toHaveURL(/\/course\/\d+\/quiz\/\d+\/attempts\/\d+\/certificate$/);
      await expect(page.getByTestId('exam-certificate')).toBeVisible();
      await checkHere();
      await goInside(page, new URL(page.url()).pathname.replace(/\/attempts\/.+$/, ''));
      await expect(page.getByTestId('quiz-records')).toBeVisible();
      await checkHere();
      // Issue 43: on a phone a record is a card of readable rows, not columns one character wide.
      if ((page.viewportSize()?.width ?? 1280) < 576) {
        const cellWidth = await page.getByTestId('quiz-records').locator('tbody td').first().evaluate((td) => td.getBoundingClientRect().width);
        expect(cellWidth, 'a record cell spans the card').toBeGreaterThan(250);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      }
    },
    '/course/1': async () => {
      const items = await page.getByTestId('lesson-item').getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
      expect(items.length, 'course 1 lists its items').toBeGreaterThan(0);
      for (const href of new Set(items)) {
        await goInside(page, href);
        await expect(page.getByTestId('lesson-view')).toBeVisible();
        await checkHere();
      }
    },
  };
  for (const [index, path] of paths.entries()) {
    await show(page, path, lang, { first: index === 0 });
    await checkHere();
    await beyond[path]?.();
  }
  return { found, checked };
}

for (const lang of ['en', 'zh', 'cn'] as const) {
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

    test(`no serious or critical axe violation on agent01's pages in ${lang} on a ${device}`, async ({ page, accessibilityAudit }) => {
      test.setTimeout(420_000);
      await page.setViewportSize(viewport);
      await signIn(page, 'agent01');
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      const { found, checked } = await walk(page, accessibilityAudit, lang, AGENT_PAGES);
      expect(checked.length, 'every page was checked').toBeGreaterThanOrEqual(AGENT_PAGES.length + 3);
      expect(found, `serious or critical violations:\n${describeFindings(found)}`).toEqual([]);
    });

    test(`no serious or critical axe violation on manager01's pages in ${lang} on a ${device}`, async ({ page, accessibilityAudit }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(viewport);
      await signIn(page, 'manager01');
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      const { found, checked } = await walk(page, accessibilityAudit, lang, MANAGER_PAGES);
      expect(checked).toEqual(MANAGER_PAGES);
      expect(found, `serious or critical violations:\n${describeFindings(found)}`).toEqual([]);
    });
  }
}
