import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import { describeFindings } from './accessibility-audit';
import { signIn, storedToken } from './support';

// Issue 45 (the home page part): agent01 signs in and the home page knows them: the last item they
// viewed, which opens on its lesson page, and what is due soon (the demo's classroom session and the
// quiz that closes in ten days), each linking to its page. Desktop in English, phone in Traditional Chinese.

interface Summary {
  continue: { course_id: string; item_id: string; item_title: string } | null;
  due: { kind: string; title: string }[];
}

const summaryOf = async (page: Page, lang: string) => {
  const res = await page.request.get('/api/home-summary', { headers: { Authorization: `Bearer ${await storedToken(page)}`, 'X-App-Language': lang } });
  expect(res.status()).toBe(200);
  return (await res.json()) as Summary;
};

async function continueAndDue(page: Page, summary: Summary, texts: { continueTitle: string; dueTitle: string }) {
  const panel = page.getByTestId('home-summary');
  await expect(panel.getByRole('heading', { name: texts.continueTitle })).toBeVisible();
  await expect(panel.getByRole('heading', { name: texts.dueTitle })).toBeVisible();
  // What is due, soonest first, as the server answered it.
  const due = panel.getByTestId('home-due');
  await expect(due).toHaveCount(summary.due.length);
  expect(summary.due.length).toBeGreaterThan(0);
  await expect(due.first()).toContainText(summary.due[0].title);
  // Continue: the server's item, opened on its lesson page.
  const item = summary.continue!;
  const link = page.getByTestId('home-continue');
  await expect(link).toContainText(item.item_title);
  await expect(link).toHaveAttribute('href', `/lesson/${item.course_id}/${item.item_id}`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/lesson/${item.course_id}/${item.item_id}$`));
  await expect(page.getByRole('heading', { level: 1, name: item.item_title })).toBeVisible();
}

test('en, desktop: continue where you left off opens the item; something is due soon', async ({ page, accessibilityAudit }) => {
  test.setTimeout(90_000);
  await signIn(page, 'agent01');
  const summary = await summaryOf(page, 'en');
  expect(summary.continue).not.toBeNull();
  expect(summary.due.map((d) => d.kind)).toEqual(expect.arrayContaining(['session', 'exam']));
  // The entry of the quiz links to the quiz's page.
  const quiz = page.getByTestId('home-due').filter({ hasText: 'Regulatory update 2026 quiz' });
  await expect(quiz).toContainText(/Closes \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d/);
  await expect(quiz.getByRole('link')).toHaveAttribute('href', /\/course\/\d+\/quiz\/\d+$/);
  // The home page with its summary shown: no serious or critical axe finding.
  const found = await accessibilityAudit.check(page);
  expect(found, `serious or critical violations:\n${describeFindings(found)}`).toEqual([]);
  await continueAndDue(page, summary, { continueTitle: 'Continue where you left off', dueTitle: 'Due soon' });
});

test('zh, phone: the same in Traditional Chinese, within the width', async ({ page, accessibilityAudit }) => {
  test.setTimeout(90_000);
  await signIn(page, 'agent01');
  await page.evaluate(() => localStorage.setItem('lang', 'zh'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const summary = await summaryOf(page, 'zh-HK');
  await expect(page.getByTestId('home-due').filter({ hasText: '2026 年監管更新測驗' })).toContainText(/\d{4}年\d{1,2}月\d{1,2}日 \d\d:\d\d 截止/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const found = await accessibilityAudit.check(page);
  expect(found, `serious or critical violations:\n${describeFindings(found)}`).toEqual([]);
  await continueAndDue(page, summary, { continueTitle: '從上次停下的地方繼續', dueTitle: '即將到期' });
});
