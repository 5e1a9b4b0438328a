import { expect, test } from './fixtures';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type ServerProcess } from './server-process';
import { signIn, storedToken } from './support';

// The notification page behind the red dot (SPEC §2): agent01 (3 unread demo notifications and one
// read) opens it from the side link, marks one read, filters to the unread ones, marks all read, and
// the red dot goes as the server says; a reload shows what the server kept. Then on a phone in
// Traditional Chinese from the bottom bar: the same notifications in Chinese, fitting the width. Its
// own server on a fresh database: the demo's notifications are known and these tests change them.

let server: ServerProcess;
let dataDir: string;
const notificationsPort = Number(process.env.E2E_PORT ?? 8181) + 19;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: `http://127.0.0.1:${notificationsPort}` });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = mkdtempSync(join(tmpdir(), 'agent-academy-notifications-'));
  server = await startServer(notificationsPort, dataDir, { fresh: true, env: { CONTINUAL_AUTH: '0' } });
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const unreadCount = async (page: import('@playwright/test').Page) => {
  const res = await page.request.get('/api/users/current', { headers: { Authorization: `Bearer ${await storedToken(page)}` } });
  return ((await res.json()) as { unread_notifications_count: number }).unread_notifications_count;
};

test('en, desktop: read one, filter the unread, read all; the red dot follows the server', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'agent01');
  const side = page.getByTestId('side-nav');
  await expect(page.getByRole('img', { name: '3 unread notifications' }).first()).toBeVisible();
  await side.getByRole('link', { name: /Notifications/ }).click();
  await expect(page).toHaveURL(/\/notification$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const cards = page.getByTestId('notification');
  await expect(cards).toHaveCount(4);
  await expect(page.getByRole('button', { name: /^Mark as read: “.+”$/ })).toHaveCount(3);

  // One read: shown read where it was, the dot says 2, and the server agrees.
  const first = cards.first();
  const title = (await first.getByRole('heading', { level: 2 }).textContent()) ?? '';
  await first.getByRole('button', { name: `Mark as read: “${title}”` }).click();
  await expect(first).toContainText('Read');
  await expect(first.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('img', { name: '2 unread notifications' }).first()).toBeVisible();
  expect(await unreadCount(page)).toBe(2);

  // The unread ones only (in the address), then all read: no dot, an empty unread list.
  await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Unread' }).click();
  await expect(page).toHaveURL(/\/notification\?filter=unread$/);
  await expect(cards).toHaveCount(2);
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByTestId('unread-dot')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  expect(await unreadCount(page)).toBe(0);
  await page.reload();
  await expect(page.getByText('You have no unread notifications.')).toBeVisible();
  await page.getByRole('button', { name: 'All' }).click();
  await expect(cards).toHaveCount(4);
  await expect(page.getByRole('button', { name: /^Mark as read: “.+”$/ })).toHaveCount(0);
});

test('zh, phone: from the bottom bar, the notifications in Traditional Chinese fit the width', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, 'agent01');
  await page.evaluate(() => localStorage.setItem('lang', 'zh'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/main');
  await page.getByTestId('bottom-nav').getByRole('link', { name: /通知/ }).click();
  await expect(page).toHaveURL(/\/notification$/);
  await expect(page.getByRole('heading', { level: 1, name: '通知' })).toBeVisible();
  const cards = page.getByTestId('notification');
  await expect(cards).toHaveCount(4);
  await expect(cards.first()).toContainText('已讀');
  await expect(page.getByRole('heading', { level: 2, name: '系統維護通知' })).toBeVisible();
  await expect(cards.filter({ hasText: '推薦課程：' })).toHaveCount(2);
  await expect(page.getByRole('button', { name: '全部標為已讀' })).toBeDisabled();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
});

// Issue 43 item 22: each notification leads to what it is about; a decision is its own kind; a page
// past the last one shows the last page, not "no notifications".
test('en: a recommendation opens its course, the enrolment decision its enrolment; ?page=2 shows the notifications', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, 'agent01');
  await page.goto('/notification?page=2');
  const cards = page.getByTestId('notification');
  await expect(cards).toHaveCount(4);
  await expect(page).toHaveURL(/\/notification$/);
  await expect(page.getByText('You have no notifications.')).toHaveCount(0);
  await expect(cards.filter({ hasText: 'System notice' })).toHaveCount(1);
  const decision = cards.filter({ hasText: 'Enrolment decision' });
  await expect(decision).toHaveCount(1);

  await cards.first().getByRole('link', { name: 'Open the course' }).click();
  await expect(page).toHaveURL(/\/course\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Financial Needs Analysis' })).toBeVisible();

  await page.goBack();
  await decision.getByRole('link', { name: 'See your enrolment' }).click();
  await expect(page).toHaveURL(/\/offline\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Compliance Refresher 2026' })).toBeVisible();
  await expect(page.getByTestId('offline-phase')).toBeVisible();
});
