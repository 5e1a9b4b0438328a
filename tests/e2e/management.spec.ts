import { expect, test } from './fixtures';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startServer, type ServerProcess } from './server-process';
import { apiCall, signIn, storedToken } from './support';

// Issue 14 "Must show", management: manager01 rejects a pending request with a reason, approves
// one, assigns three downlines to a classroom course and approves all; the learner sees the decision.
// On a phone in Traditional Chinese the user report shows the CPD hours and its CSV downloads. Its
// own server on a fresh database (the demo's requests are known); nothing waits on time.

let server: ServerProcess;
let dataDir: string;
const port = Number(process.env.E2E_PORT ?? 8181) + 17;
const PHONE = { width: 390, height: 844 };

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: `http://127.0.0.1:${port}` });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = mkdtempSync(join(tmpdir(), 'agent-academy-management-'));
  server = await startServer(port, dataDir, { fresh: true, env: { CONTINUAL_AUTH: '0' } });
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const row = (page: Page, code: string, course: string) => page.getByTestId('management-row').filter({ hasText: code }).filter({ hasText: course });

test('en, desktop: reject with a reason, approve, assign three downlines, approve all; the learner sees the decision', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, 'manager01');
  await page.goto('/management');
  await expect(page.getByRole('heading', { level: 1, name: 'Management' })).toBeVisible();
  await expect(page.getByTestId('management-row')).toHaveCount(4);

  // Reject agent02's MPF request: the reason is required.
  await row(page, 'agent02', 'MPF Product Briefing').getByTestId('reject').click();
  const dialog = page.getByTestId('reject-dialog');
  await dialog.getByTestId('reject-confirm').click();
  await expect(dialog.getByRole('alert')).toHaveText('Please give a reason for the rejection.');
  await dialog.getByTestId('reject-reason').fill('Please join the January run instead.');
  await dialog.getByTestId('reject-confirm').click();
  await expect(page.getByTestId('management-notice')).toHaveText('The enrolment is rejected; the learner is notified.');
  await expect(page.getByTestId('management-row')).toHaveCount(3);

  // Approve agent03's.
  await row(page, 'agent03', 'MPF Product Briefing').getByTestId('approve').click();
  await expect(page.getByTestId('management-notice')).toHaveText('The enrolment is approved; the learner is notified.');
  await expect(page.getByTestId('management-row')).toHaveCount(2);

  // The rejected list shows the reason.
  await page.getByTestId('management-tab-rejected').click();
  await expect(row(page, 'agent02', 'MPF Product Briefing')).toContainText('Please join the January run instead.');

  // Assign three downlines to the open day (confirmed at once); the history lists them.
  await page.getByTestId('management-tab-assign').click();
  const openDay = await page.getByTestId('assign-course').locator('option', { hasText: 'Customer Service Open Day' }).getAttribute('value');
  await page.getByTestId('assign-course').selectOption(openDay!);
  for (const code of ['agent01', 'agent02', 'agent03']) await page.getByTestId(`assign-downline-${code}`).check();
  await expect(page.getByText('3 of 10 chosen')).toBeVisible();
  await page.getByTestId('assign-submit').click();
  await expect(page.getByTestId('management-notice')).toContainText('3 downlines enrolled; each is notified.');
  await expect(page.getByTestId('management-row').filter({ hasText: 'Customer Service Open Day' })).toHaveCount(3);

  // Approve all: the two requests for the Compliance Refresher's second run.
  await page.getByTestId('management-tab-pending').click();
  await expect(page.getByTestId('management-row')).toHaveCount(2);
  await page.getByTestId('approve-all').click();
  await expect(page.getByTestId('management-notice')).toContainText('2 enrolments approved.');
  await expect(page.getByText('No enrolment awaits your approval.')).toBeVisible();

  // agent02 signs in: two new notifications (the rejection, the assignment) and the reason on the enrolment.
  const learner = await browser.newPage();
  await signIn(learner, 'agent02');
  await expect(learner.getByTestId('unread-dot').first()).toBeVisible();
  const token = await storedToken(learner);
  const mine = await apiCall(learner.request, 'GET', '/api/offline_enrolments', { token });
  const enrolments = ((await mine.json()) as { data: { course_title: string; status: string; decision_reason: string | null }[] }).data;
  expect(enrolments).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ course_title: 'MPF Product Briefing', status: 'rejected', decision_reason: 'Please join the January run instead.' }),
      expect.objectContaining({ course_title: 'Customer Service Open Day', status: 'confirmed' }),
    ]),
  );
  await learner.close();
});

test('zh, phone: the user report shows the CPD hours and its CSV downloads', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(PHONE);
  await signIn(page, 'manager01');
  await page.evaluate(() => localStorage.setItem('lang', 'zh'));
  await page.goto('/management');
  await expect(page.getByRole('heading', { level: 1, name: '管理' })).toBeVisible();
  await page.getByTestId('management-tab-report').click();
  const agent01 = page.getByTestId('report-row').filter({ hasText: 'agent01' });
  // The Compliance Refresher (3 h attended, Ethics/Regulations) and the AML course completed this IA year.
  await expect(agent01.getByTestId('cpd-ethics')).not.toHaveText('0');
  // On a phone each row is a card whose cells are labelled by their column.
  await expect(agent01.getByRole('cell', { name: /^CPD 時數：操守／法規 [1-9]/ })).toBeVisible();
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: document.documentElement.clientWidth }));
  expect(widths.scroll, 'no sideways scroll on a phone').toBeLessThanOrEqual(widths.view);

  const download = page.waitForEvent('download');
  await page.getByTestId('report-csv').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^user-report-.+\.csv$/);
  const csv = readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.split('\r\n');
  expect(lines[0]).toBe('姓名,代理人編號,已完成,進行中,逾期,在線時數,CPD 時數（操守／法規）,CPD 時數（其他）');
  expect(lines.find((l) => l.includes(',agent01,'))).toBeDefined();
  await expect(page.getByTestId('management-notice')).toHaveText('CSV 檔案已下載。');
});
