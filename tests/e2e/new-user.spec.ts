import { devices, expect, test } from '@playwright/test';
import { signIn } from './support';

// Issue 11 §5: what a new user hit in the browser (demo server, project "chromium").

test.describe('an iPhone user (demo: no app exists)', () => {
  // Chromium with the iPhone's user agent, screen and touch (the browser type stays Chromium).
  const { defaultBrowserType: _browser, ...iPhone } = devices['iPhone 13'];
  test.use(iPhone);

  test('signs in, closes the download-app dialog and reaches /main', async ({ page }) => {
    await signIn(page, 'agent02');
    const dialog = page.getByTestId('app-download-dialog');
    await expect(dialog).toContainText('No app is available for your device yet');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/main$/);
    await expect(page.getByTestId('home-tile').first()).toBeVisible();
    await page.getByTestId('home-tile').first().click();
    await expect(page).toHaveURL(/\/courses\/all$/);
  });
});
