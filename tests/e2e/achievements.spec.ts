import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import { signIn, storedToken } from './support';

// Issue 45 (the profile part): agent01 sees an achievement with its date on the profile, as the
// server computed it from the records, then picks a quarter and the figures and the chart follow
// (12 bars for the IA year, 3 for the quarter). On a phone in Traditional Chinese as well.

const achievementsOf = async (page: Page) => {
  const res = await page.request.get('/api/achievements', { headers: { Authorization: `Bearer ${await storedToken(page)}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as { achievements: { kind: string; earned_on: string | null }[] };
};

async function pickQuarter(page: Page, show: string, quarterOption: string) {
  const pick = page.getByTestId('history-pick');
  await pick.getByTestId('history-kind').selectOption('quarter');
  const year = await pick.getByTestId('history-year').inputValue();
  await pick.getByTestId('history-part').selectOption(quarterOption);
  await pick.getByRole('button', { name: show }).click();
  return Number(year);
}

test('en, desktop: an achievement with its date; a quarter picked changes the figures and the chart', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'agent01');
  await page.goto('/profile');
  const first = page.getByTestId('achievement-first_course');
  await expect(first).toHaveAttribute('data-earned', 'true');
  const answer = await achievementsOf(page);
  const earnedOn = answer.achievements.find((a) => a.kind === 'first_course')!.earned_on!;
  await expect(first.locator('time')).toHaveAttribute('datetime', earnedOn);
  await expect(first).toContainText('Earned on');
  await expect(page.getByTestId('chart-bar')).toHaveCount(12);

  const year = await pickQuarter(page, 'Show this period', '1');
  await expect(page).toHaveURL(new RegExp(`/profile\\?from=${year}-01-01&to=${year}-03-31$`));
  await expect(page.getByTestId('chart-bar')).toHaveCount(3);
  await expect(page.getByTestId('history-period')).toHaveText(`1 Jan ${year} to 31 Mar ${year}`);
  await expect(page.getByRole('table', { name: 'Hours on screen per month' }).getByRole('row')).toHaveCount(4);
});

test('zh, phone: the achievements and the quarter picker in Traditional Chinese fit the width', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'agent01');
  await page.evaluate(() => localStorage.setItem('lang', 'zh'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/profile');
  const first = page.getByTestId('achievement-first_course');
  await expect(first).toContainText('完成第一個課程');
  await expect(first).toContainText('獲得');
  await expect(page.getByTestId('achievement-learning_streak')).toContainText('連續學習 5 天');
  await pickQuarter(page, '顯示此期間', '2');
  await expect(page.getByTestId('chart-bar')).toHaveCount(3);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
