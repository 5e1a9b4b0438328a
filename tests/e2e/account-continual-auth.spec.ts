import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { fillLogin } from './support';

// Runs against the "account" server: continual authentication on, a prompt 2–4 s after a learning
// page opens (units of 1 s). Only agent03 is used here (other journeys on that server use agent01,
// agent02 and agent2fa).
test.setTimeout(90_000);

const prompt = (page: Page) => page.getByRole('dialog', { name: 'Enter password' });

async function answer(page: Page, password: string) {
  const dialog = prompt(page);
  await dialog.getByPlaceholder('Password').fill(password);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
}

test('identity prompts on a course: not dismissable, a wrong password shows the error in red, the right one closes it, it comes back; the history lists both', async ({ page }) => {
  await page.goto('/login');
  await fillLogin(page, 'agent03', 'Learner2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/main$/);

  await page.goto('/course/1');
  const openedAt = Date.now();
  await expect(page.getByRole('heading', { name: 'Course' })).toBeVisible();
  await expect(prompt(page)).toBeVisible({ timeout: 6_000 });
  expect(Date.now() - openedAt).toBeLessThan(6_000);
  // Non-cancellable: no cancel button; Escape and a backdrop click leave it open.
  await expect(prompt(page).getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await expect(prompt(page).getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await page.waitForTimeout(300);
  await expect(prompt(page)).toBeVisible();

  await answer(page, 'Wrong2026x');
  const error = prompt(page).getByRole('alert');
  await expect(error).toHaveText(/incorrect/i);
  await expect(error).toHaveCSS('color', 'rgb(198, 40, 40)');
  await expect(prompt(page)).toBeVisible();

  await answer(page, 'Learner2026');
  await expect(prompt(page)).toBeHidden();
  // The next prompt after the next delay (2–4 s).
  await expect(prompt(page)).toBeVisible({ timeout: 6_000 });
  await answer(page, 'Learner2026');
  await expect(prompt(page)).toBeHidden();

  // The evidence, reached from the settings page.
  await page.goto('/setting');
  await page.getByRole('link', { name: 'Identity check history' }).click();
  await expect(page).toHaveURL(/\/profile\/identity-checks$/);
  await expect(page).toHaveTitle(/^Identity Checks -- /);
  const rows = page.getByTestId('identity-check-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: 'Failed' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Passed' })).toHaveCount(2);
  for (const row of await rows.all()) {
    await expect(row.locator('td').nth(1)).toHaveText('Password');
    await expect(row.locator('td').nth(3)).toHaveText('1');
  }
  // Newest first: the failure is the oldest.
  await expect(rows.last()).toContainText('Failed');
});
