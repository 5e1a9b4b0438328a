import { expect, test } from './fixtures';
import { fillLogin } from './support';

// Forgot password → the email (demo outbox) → its link → a new password (issue 4).

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  created_at: string;
}

test('agent02 resets a forgotten password through the emailed link and signs in with the new one', async ({ page }) => {
  const fresh = 'Harbour2026q';
  await page.goto('/forgot-password');
  await page.getByLabel('Agent code').fill('agent02');
  await page.getByLabel('Email').fill('agent02@agent-academy.test');
  await page.locator('button[type=submit]').click();
  await expect(page.getByRole('status')).toBeVisible();

  const outbox = (await (await page.request.get('/api/demo/outbox')).json()) as OutboxMail[];
  const mail = outbox.find((m) => m.to === 'agent02@agent-academy.test');
  expect(mail, 'the reset email is in the outbox').toBeTruthy();
  const link = /https?:\/\/\S+?(\/reset-password\?token=[\w%.~-]+)/.exec(mail!.text);
  expect(link, 'the email carries the reset link').toBeTruthy();
  const resetPath = link![1];

  await page.goto(resetPath);
  await page.getByLabel('New password', { exact: true }).fill(fresh);
  await page.getByLabel('Confirm new password').fill('Harbour2026x');
  await page.locator('button[type=submit]').click();
  await expect(page.getByText("New passwords don't match")).toBeVisible();
  await page.getByLabel('Confirm new password').fill(fresh);
  await page.locator('button[type=submit]').click();
  await expect(page.getByRole('status')).toContainText('Your password has been reset');
  await page.getByRole('link', { name: 'Go to sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await fillLogin(page, 'agent02', fresh);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/main$/);
  await expect(page.getByTestId('header-user-name')).toHaveText('Wong Siu Ming');

  await page.goto('/setting');
  await page.getByTestId('logout-button').click();
  await expect(page).toHaveURL(/\/login$/);
  await fillLogin(page, 'agent02', 'Learner2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText(/incorrect/i);
  await expect(page).toHaveURL(/\/login$/);

  // The link works once.
  await page.goto(resetPath);
  await page.getByLabel('New password', { exact: true }).fill('Another2026z');
  await page.getByLabel('Confirm new password').fill('Another2026z');
  await page.locator('button[type=submit]').click();
  await expect(page.getByRole('alert')).toContainText(/invalid, has expired or has already been used/);
});
