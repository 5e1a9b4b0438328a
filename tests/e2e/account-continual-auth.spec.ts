import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { fillLogin, storedToken } from './support';

// Runs against the "account" server: continual authentication on, a prompt 2–4 s after a learning
// page opens (units of 1 s). Only agent03 is used here (other journeys on that server use agent01,
// agent02 and agent2fa). The prompt's delay runs on the page's timers: the journey moves the page's
// clock (Playwright's page.clock), never waits for real seconds nor reads the wall clock (ADR 005).
// The server decides nothing here by its clock, so it keeps its own.
// The account server lives for the whole run, so agent03's history may hold checks of an earlier
// run (--repeat-each): the journey counts the checks it made, from the total before it began.
test.setTimeout(90_000);

const prompt = (page: Page) => page.getByRole('dialog', { name: 'Enter password' });

/** How many identity checks the server holds for the signed-in user. */
async function checksTotal(page: Page): Promise<number> {
  const res = await page.request.get('/api/identity-checks?per_page=1', { headers: { Authorization: `Bearer ${await storedToken(page)}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { total: number }).total;
}

async function answer(page: Page, password: string) {
  const dialog = prompt(page);
  await dialog.getByPlaceholder('Password').fill(password);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
}

test('identity prompts on a course: not dismissable, a wrong password shows the error in red, the right one closes it, it comes back; the history lists both', async ({ page }) => {
  // Installed before the app loads; it runs (the app boots on timers) until the course shows.
  await page.clock.install();
  await page.goto('/login');
  await fillLogin(page, 'agent03', 'Learner2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/main$/);
  const before = await checksTotal(page);

  await page.goto('/course/1');
  // The course, or on a slow machine already the prompt over it (a modal dialog hides the page).
  await expect(page.getByRole('heading', { name: 'Course' }).or(prompt(page))).toBeVisible();
  // The page's clock stands from here: its delay (2–4 s, counted from when the page opened, which
  // was before now) has run out after 4 s more of it, however slowly the machine went.
  // (Some seconds ahead: the page's clock runs on while this call reaches it, and cannot go back.)
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000);
  await page.clock.runFor(4_000);
  await expect(prompt(page)).toBeVisible();
  // Non-cancellable: no cancel button; Escape and a backdrop click leave it open.
  await expect(prompt(page).getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await expect(prompt(page).getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  // Whatever a timer would close after those (none should) has had its time.
  await page.clock.runFor(1_000);
  await expect(prompt(page)).toBeVisible();

  await answer(page, 'Wrong2026x');
  const error = prompt(page).getByRole('alert');
  await expect(error).toHaveText(/incorrect/i);
  await expect(error).toHaveCSS('color', 'rgb(198, 40, 40)');
  await expect(prompt(page)).toBeVisible();

  await answer(page, 'Learner2026');
  await expect(prompt(page)).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Course' })).toBeVisible();
  // The next prompt after the next delay (2–4 s): not before 2 s, shown by 4 s.
  await page.clock.runFor(1_900);
  await expect(prompt(page)).toBeHidden();
  await page.clock.runFor(2_100);
  await expect(prompt(page)).toBeVisible();
  await answer(page, 'Learner2026');
  await expect(prompt(page)).toBeHidden();

  // The evidence, reached from the settings page (a page load needs running timers).
  await page.clock.resume();
  await page.goto('/setting');
  await page.getByRole('link', { name: 'Identity check history' }).click();
  await expect(page).toHaveURL(/\/profile\/identity-checks$/);
  await expect(page).toHaveTitle(/^Identity Checks -- /);
  const rows = page.getByTestId('identity-check-row');
  // This journey's three checks, newest first, on the first page (20 rows) with any of before.
  await expect(rows).toHaveCount(Math.min(before + 3, 20));
  expect(await checksTotal(page)).toBe(before + 3);
  const ours = [rows.nth(0), rows.nth(1), rows.nth(2)];
  await expect(ours[0]).toContainText('Passed');
  await expect(ours[1]).toContainText('Passed');
  for (const row of ours) {
    await expect(row.locator('td').nth(1)).toHaveText('Password');
    await expect(row.locator('td').nth(3)).toHaveText('1');
  }
  // Newest first: the failure is the oldest.
  await expect(ours[2]).toContainText('Failed');
});
