import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { codeAtStep, STEP_SECONDS, stepOf } from '../../server/testing/rfc6238';
import { advanceServerClock, serverNow } from './clock';
import { fillLogin } from './support';

// Two-factor journeys (issue 4). Codes come from server/testing/rfc6238.ts, an RFC 6238
// implementation of its own (node:crypto), like any authenticator app: not the server's code path.
// The account server runs with E2E_CLOCK=1: a code is made for the step of the server's clock, and
// a journey that needs the next step moves that clock on (ADR 005: no sleeps).

const AGENT2FA_SECRET = 'JBSWY3DPEHPK3PXP';

/**
 * The server accepts a time step once per user: its clock (E2E_CLOCK=1, TOTP is verified against
 * it) moves on to the step after `usedStep`, instead of the journey waiting up to 30 s for it.
 * Codes are made for the server's step, never the test process's (ADR 005).
 */
async function stepAfter(page: Page, usedStep: number): Promise<number> {
  const now = await serverNow(page);
  if (stepOf(now) > usedStep) return stepOf(now);
  return stepOf(await advanceServerClock(page, (usedStep + 1) * STEP_SECONDS * 1000 - now + 50));
}

/** The server's current TOTP step. */
const serverStep = async (page: Page) => stepOf(await serverNow(page));

async function passwordStep(page: Page, externalId: string, password: string) {
  await page.goto('/login');
  await fillLogin(page, externalId, password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('6-digit code')).toBeVisible();
}

test('agent2fa signs in with the code of its authenticator', async ({ page }) => {
  await passwordStep(page, 'agent2fa', 'Secure2026');
  const input = page.getByLabel('6-digit code');
  await expect(input).toHaveAttribute('autocomplete', 'one-time-code');
  expect(await page.evaluate(() => sessionStorage.getItem('student-token'))).toBeNull();

  // A step no earlier run of this journey can have used (the server's clock never goes back).
  await input.fill(codeAtStep(AGENT2FA_SECRET, await stepAfter(page, await serverStep(page))));
  await page.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/\/main$/);
  await expect(page.getByTestId('header-user-name')).toHaveText('Lam Chi Ho');
  const claims = await page.evaluate(() => JSON.parse(atob(sessionStorage.getItem('student-token')!.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))));
  expect(claims.g2fa).toBe(true);
});

test("a wrong code shows the server's message and signs nobody in", async ({ page }) => {
  await passwordStep(page, 'agent2fa', 'Secure2026');
  const step = await serverStep(page);
  const valid = new Set([step - 1, step, step + 1].map((s) => codeAtStep(AGENT2FA_SECRET, s)));
  let wrong = 0;
  while (valid.has(String(wrong).padStart(6, '0'))) wrong += 1;
  await page.getByLabel('6-digit code').fill(String(wrong).padStart(6, '0'));
  await page.locator('button[type=submit]').click();
  await expect(page.getByRole('alert')).toContainText(/code is incorrect/i);
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => sessionStorage.getItem('student-token'))).toBeNull();

  // A 5-digit code is refused by the page itself, in words.
  await page.getByLabel('6-digit code').fill('12345');
  await page.locator('button[type=submit]').click();
  await expect(page.getByText('The code must be 6 digits.')).toBeVisible();
});

test('agent01 turns two-factor on from the text code, signs in again with a code, then turns it off', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/login');
  await fillLogin(page, 'agent01', 'Learner2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/main$/);

  await page.goto('/setting');
  await page.getByRole('link', { name: 'Two-factor authentication' }).click();
  await expect(page).toHaveURL(/\/setting\/two-factor$/);
  await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
  await page.getByLabel('Password', { exact: true }).fill('Learner2026');
  await page.locator('button[type=submit]').click();

  const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  // The QR code is an image of the server's SVG, not markup in the page.
  await expect(page.getByRole('img', { name: /QR code/ })).toHaveAttribute('src', /^data:image\/svg\+xml/);
  await page.getByRole('button', { name: 'Next: enter the code' }).click();
  const activatedStep = await serverStep(page);
  await page.getByLabel('6-digit code').fill(codeAtStep(secret, activatedStep));
  await page.locator('button[type=submit]').click();
  await expect(page.getByRole('status').filter({ hasText: 'Two-factor authentication is now on' })).toBeVisible();

  await page.goto('/setting');
  await page.getByTestId('logout-button').click();
  await expect(page).toHaveURL(/\/login$/);

  await passwordStep(page, 'agent01', 'Learner2026');
  const step = await stepAfter(page, activatedStep);
  await page.getByLabel('6-digit code').fill(codeAtStep(secret, step));
  await page.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/\/main$/);
  await expect(page.getByTestId('header-user-name')).toHaveText('Chan Tai Man');

  // Off again: the dialog asks for the password or a current code (ASVS 7.5.1), shows the server's
  // refusal of a wrong one, then the session ends, and the password alone signs in.
  await page.goto('/setting/two-factor');
  await page.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
  const dialog = page.getByTestId('deactivation-dialog');
  await dialog.getByLabel('Password or 6-digit code').fill('Wrong2026');
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The password or code is incorrect. Two-factor authentication stays on.');
  await dialog.getByLabel('Password or 6-digit code').fill('Learner2026');
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await fillLogin(page, 'agent01', 'Learner2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/main$/);
});
