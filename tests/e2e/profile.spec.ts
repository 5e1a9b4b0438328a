import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import { signIn, storedToken } from './support';

// The profile page (ADR 060): agent01 opens it from the side link, reads this IA year's figures as
// the server counts them, asks for another period (and is told when it ends before it starts),
// opens the certificate of the examination it passed, then changes the profile picture with a photo too large to send as it is (the browser makes it
// smaller) and the header shows it at once; a file that is not a picture is refused before it is
// sent. On a phone in Traditional Chinese, from the bottom bar, the page fits the width.

const api = async (page: Page, path: string) => {
  const res = await page.request.get(path, { headers: { Authorization: `Bearer ${await storedToken(page)}` } });
  expect(res.status(), path).toBe(200);
  return res;
};

/** A PNG of noise, made by the browser: 1,400 × 1,000 pixels is about 5 MB, over the server's 1 MB. */
async function noisyPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1400;
    canvas.height = 1000;
    const ctx = canvas.getContext('2d')!;
    const image = ctx.createImageData(canvas.width, canvas.height);
    for (let i = 0; i < image.data.length; i += 4) {
      image.data[i] = Math.floor(Math.random() * 256);
      image.data[i + 1] = Math.floor(Math.random() * 256);
      image.data[i + 2] = 128;
      image.data[i + 3] = 255;
    }
    ctx.putImageData(image, 0, 0);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1], 'base64');
}

test('en, desktop: the year’s figures from the server, another period, a new profile picture in the header', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'agent01');
  await page.getByTestId('side-nav').getByRole('link', { name: /My Profile/ }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const view = page.getByTestId('profile-view');
  await expect(view.getByRole('heading', { level: 1 })).toHaveText('Chan Tai Man');
  await expect(view.getByText('Agent code agent01')).toBeVisible();

  // This IA year, as the server counts it (its own clock and records).
  const year = (await (await api(page, '/api/learning_history/all')).json()) as Record<string, number | string>;
  await expect(page.getByTestId('figure-completed')).toContainText(String(year.completed));
  await expect(page.getByTestId('figure-cpd-ethics')).toContainText(`${year.cpd_ethics_hours} h`);
  await expect(page.getByTestId('figure-cpd-other')).toContainText(`${year.cpd_other_hours} h`);
  expect(Number(year.completed)).toBeGreaterThan(0);
  // The date field in the language's order (issue 43): dd/mm/yyyy in English.
  await expect(page.getByTestId('history-from')).toHaveValue(String(year.from).split('-').reverse().join('/'));

  // A period that ends before it starts is refused by the form; a good one goes in the address.
  await page.getByLabel('From', { exact: true }).fill('2026-09-01');
  await page.getByLabel('To', { exact: true }).fill('2026-08-01');
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page.getByText('The start of the period must not be after its end.')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByLabel('To', { exact: true }).fill('2026-09-30');
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page).toHaveURL(/\/profile\?from=2026-09-01&to=2026-09-30$/);
  await expect(page.getByTestId('history-period')).toHaveText('1 Sep 2026 to 30 Sep 2026');
  const september = (await (await api(page, '/api/learning_history/all?from_date=2026-09-01&to_date=2026-09-30')).json()) as Record<string, number>;
  await expect(page.getByTestId('figure-completed')).toContainText(String(september.completed));
  await page.getByRole('button', { name: 'This IA year' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  // The demo's passed AML examination: listed, and its link prints the certificate.
  const certificate = page.getByTestId('certificate').filter({ hasText: /money laundering/i });
  await expect(certificate).toHaveCount(1);
  await expect(certificate).toContainText(/Certificate no\. AA-\d{4}-\d{6}/);
  await certificate.getByRole('link', { name: /^View and print the certificate of/ }).click();
  await expect(page).toHaveURL(/\/attempts\/\d+\/certificate$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Certificate of Completion' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/profile$/);

  // A file that is not a picture: refused in the browser, nothing sent.
  const puts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes('/api/users/current/')) puts.push(r.url());
  });
  await page.getByLabel('Change profile picture').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
  await expect(page.getByText('This file cannot be read as a picture. Choose a PNG, JPEG or WebP picture.')).toBeVisible();
  expect(puts).toEqual([]);

  // A photo over the server's limit (SPEC §9: 2 MB): made smaller, sent, and shown in the page and the header.
  const photo = await noisyPng(page);
  expect(photo.length).toBeGreaterThan(2_097_152);
  await page.getByLabel('Change profile picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo });
  await expect(page.getByText('Your profile picture is saved.')).toBeVisible();
  expect(puts).toHaveLength(1);
  const icon = page.getByTestId('profile-icon');
  await expect(icon).toHaveAttribute('src', /^\/api\/pictures\/[0-9a-f-]{36}\.(png|jpg|webp)$/);
  const src = (await icon.getAttribute('src'))!;
  await expect(page.locator('.user-badge__icon').first()).toHaveAttribute('src', src);
  const picture = await page.request.get(src);
  expect(picture.status()).toBe(200);
  expect(picture.headers()['content-type']).toMatch(/^image\/(png|jpeg|webp)$/);
  expect((await picture.body()).length).toBeLessThanOrEqual(2_097_152);
  // What the server kept: the same picture after a reload.
  await page.reload();
  await expect(page.getByTestId('profile-icon')).toHaveAttribute('src', src);
  const me = (await (await api(page, '/api/users/current')).json()) as { icon_url: string };
  expect(me.icon_url).toBe(src);
});

test('zh, phone: from the bottom bar, the profile in Traditional Chinese fits the width', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, 'agent01');
  await page.evaluate(() => localStorage.setItem('lang', 'zh'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/main');
  await page.getByTestId('bottom-nav').getByRole('link', { name: /我的資料/ }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('figure-completed')).toContainText('已完成課程');
  await expect(page.getByTestId('figure-cpd-ethics')).toContainText('小時');
  await expect(page.getByText('學習記錄')).toBeVisible();
  await expect(page.getByText('更換頭像')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
