import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { installClocks, pauseClocks, pauseClocksAt, resumeClocks, runClocksFor } from './clock';
import { apiCall, signIn, storedToken, type DemoUser } from './support';

// Runs against a server with SESSION_TIMEOUT_SECONDS=20, SESSION_WARNING_SECONDS=8 and
// SINGLE_DEVICE_SESSIONS=1 (project "session" in playwright.config.ts). Each journey uses its own
// user, so one device per user never couples two journeys. The server runs with E2E_CLOCK=1: the
// journeys that wait for the box move its clock and the page's together (tests/e2e/clock.ts), so
// no journey waits for real seconds or reads the wall clock (ADR 005).
test.describe.configure({ mode: 'serial' });
test.setTimeout(60_000);

function expOf(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { exp: number };
  return payload.exp;
}

const timeoutDialog = (page: Page) => page.getByRole('dialog', { name: /timeout/i });

async function secondsShown(page: Page): Promise<number> {
  const text = (await timeoutDialog(page).textContent()) ?? '';
  const match = /(\d+)/.exec(text);
  expect(match, `seconds left in "${text}"`).not.toBeNull();
  return Number(match![1]);
}

// A journey that moved the clocks leaves them running, even when it failed: the next journey (and
// the accessibility check at the end of this one) needs the page's timers.
test.afterEach(async ({ page }) => {
  await page.request.post('/__e2e/clock', { data: { resume: true } });
  await page.clock.resume().catch(() => undefined);
});

/** Waits until the layout has the user (its loading overlay is gone). */
const shown = (page: Page) => expect(page.getByTestId('header-user-name')).toBeVisible({ timeout: 20_000 });

/** Both clocks stand half a second before the box is due (`warning` s before `exp`); one tick later it is open. */
async function openTheBox(page: Page, exp: number, warning = 8) {
  // The page is shown: while it still loads, the session is renewed silently instead (SPEC §4 rule 2).
  await shown(page);
  await pauseClocksAt(page, exp * 1000 - warning * 1000 - 500);
  await expect(timeoutDialog(page)).toBeHidden();
  await runClocksFor(page, 1_000);
  await expect(timeoutDialog(page)).toBeVisible();
}

test('the box opens about 8 s before expiry and counts down; Continue gives a later exp and no box until the next threshold', async ({ page }) => {
  await installClocks(page);
  await signIn(page, 'agent01' as DemoUser);
  const token = await storedToken(page);
  const exp = expOf(token);

  // Not 8.5 s before the expiry, but by 7.5 s: the box is open.
  await openTheBox(page, exp);
  const first = await secondsShown(page);
  expect(first).toBeLessThanOrEqual(8);
  expect(first).toBeGreaterThanOrEqual(7);
  await runClocksFor(page, 2_000);
  expect(await secondsShown(page)).toBeLessThanOrEqual(first - 2);

  await timeoutDialog(page).getByRole('button', { name: /continue/i }).click();
  await expect(timeoutDialog(page)).toBeHidden();
  const renewed = await storedToken(page);
  expect(renewed).not.toBe(token);
  expect(expOf(renewed)).toBeGreaterThan(exp);
  // No box until the next threshold (8 s before the new expiry, about 12 s after the refresh).
  await runClocksFor(page, 8_000);
  await expect(timeoutDialog(page)).toBeHidden();
  await openTheBox(page, expOf(renewed));
});

test('Leave goes to /logout then /login, and the old token is refused', async ({ page }) => {
  await installClocks(page);
  await signIn(page, 'agent02' as DemoUser);
  const token = await storedToken(page);
  await openTheBox(page, expOf(token));
  // The logout page loads on running timers.
  await resumeClocks(page);
  await timeoutDialog(page).getByRole('button', { name: /leave/i }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => sessionStorage.getItem('student-token'))).toBeNull();
  const after = await apiCall(page.request, 'GET', '/api/users/current', { token });
  expect(after.status()).toBe(401);
});

test('with no action the session ends when the count reaches 0', async ({ page }) => {
  await installClocks(page);
  await signIn(page, 'agent03' as DemoUser);
  const token = await storedToken(page);
  await openTheBox(page, expOf(token));
  // Still signed in while the count runs (2 s left), then it reaches 0.
  await runClocksFor(page, 6_000);
  await expect(timeoutDialog(page)).toBeVisible();
  await expect(page).toHaveURL(/\/main$/);
  await runClocksFor(page, 2_000);
  await resumeClocks(page);
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => sessionStorage.getItem('student-token'))).toBeNull();
  expect((await apiCall(page.request, 'GET', '/api/users/current', { token })).status()).toBe(401);
});

test('with keep_on_screen true the token is refreshed silently and no box opens', async ({ page }) => {
  await installClocks(page);
  await signIn(page, 'recruit01' as DemoUser);
  await page.evaluate(() => sessionStorage.setItem('keep_on_screen', 'true'));
  const token = await storedToken(page);
  const exp = expOf(token);
  // Past the first threshold (12 s) and past the first token's expiry (20 s), on both clocks.
  const start = await pauseClocks(page);
  for (let at = start; at < exp * 1000 + 3_000; at += 1_000) {
    await expect(timeoutDialog(page)).toBeHidden();
    await runClocksFor(page, 1_000);
  }
  await expect(timeoutDialog(page)).toBeHidden();
  const renewed = await storedToken(page);
  expect(expOf(renewed)).toBeGreaterThan(exp);
  await expect(page).toHaveURL(/\/main$/);
  expect((await apiCall(page.request, 'GET', '/api/users/current', { token: renewed })).status()).toBe(200);
});

test('signing in as the same user in a second browser expires the first (device expiry)', async ({ page, browser, accessibilityAudit }) => {
  await signIn(page, 'manager01' as DemoUser);
  const firstToken = await storedToken(page);

  const second = await browser.newContext();
  const other = await second.newPage();
  accessibilityAudit.watch(other);
  await signIn(other, 'manager01' as DemoUser);

  const alerts: string[] = [];
  page.on('dialog', (d) => {
    alerts.push(d.message());
    void d.accept();
  });
  await page.reload();
  await expect(page).toHaveURL(/\/login/, { timeout: 10_000 });
  expect(alerts.length).toBeGreaterThan(0);
  expect((await apiCall(page.request, 'GET', '/api/users/current', { token: firstToken })).status()).toBe(401);
  // The second browser carries on.
  await other.reload();
  await expect(other).toHaveURL(/\/main$/);
  await second.close();
});

// Issue 11 §5 / ADR 016: the tabs of one browser share one session (this server has one device per user).
test('a second tab of the same browser opens signed in, the first keeps working, and a logout in one logs out both', async ({ page, context }) => {
  await signIn(page, 'agent02' as DemoUser);
  const token = await storedToken(page);

  const second = await context.newPage();
  await second.goto('/main');
  await expect(second).toHaveURL(/\/main$/);
  await expect(second.getByTestId('header-user-name')).toHaveText('Wong Siu Ming');
  await expect(second.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
  expect(await storedToken(second)).toBe(token);

  // Not "The device has been expired": the first tab carries on.
  const alerts: string[] = [];
  page.on('dialog', (d) => {
    alerts.push(d.message());
    void d.accept();
  });
  await page.reload();
  await expect(page).toHaveURL(/\/main$/);
  expect((await apiCall(page.request, 'GET', '/api/users/current', { token })).status()).toBe(200);

  await second.goto('/setting');
  await second.getByTestId('logout-button').click();
  await expect(second).toHaveURL(/\/login/);
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => sessionStorage.getItem('student-token'))).toBeNull();
  expect(alerts).toEqual([]);
  await second.close();
});

test('a renewal in one tab reaches the other: Continue in one closes the box in both, and both go on', async ({ page, context }) => {
  await installClocks(page);
  await signIn(page, 'agent03' as DemoUser);
  const second = await context.newPage();
  await second.goto('/main');
  await expect(second).toHaveURL(/\/main$/);

  // The clock is the browser context's: both tabs see the same time.
  await shown(second);
  await openTheBox(page, expOf(await storedToken(page)));
  await expect(timeoutDialog(second)).toBeVisible();
  await timeoutDialog(page).getByRole('button', { name: /continue/i }).click();
  await expect(timeoutDialog(page)).toBeHidden();
  await expect(timeoutDialog(second)).toBeHidden();
  const renewed = await storedToken(page);
  expect(await storedToken(second)).toBe(renewed);
  await resumeClocks(page);
  await second.reload();
  await expect(second).toHaveURL(/\/main$/);
  await second.close();
});
