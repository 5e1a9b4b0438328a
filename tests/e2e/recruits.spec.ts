import { expect, test } from './fixtures';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startServer, type ServerProcess } from './server-process';
import { fillLogin, signIn } from './support';

// Issue 14 "Must show": manager01 creates a recruit, who signs in with the emailed first password
// and must change it first; recruit01 merges into agent10 through the emailed link and agent10 sees
// the recruit's history. Its own server on a fresh database (the merge changes the demo accounts).

let server: ServerProcess;
let dataDir: string;
const recruitsPort = Number(process.env.E2E_PORT ?? 8181) + 18;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: `http://127.0.0.1:${recruitsPort}` });

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** The newest mail to `to` in the demo outbox (the server's loopback-only test hook, README). */
async function mailTo(page: Page, to: string): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const outbox = (await (await page.request.get('/api/demo/outbox')).json()) as OutboxMail[];
      found = outbox.find((m) => m.to === to);
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = mkdtempSync(join(tmpdir(), 'agent-academy-recruits-'));
  server = await startServer(recruitsPort, dataDir, { fresh: true, env: { CONTINUAL_AUTH: '0', SINGLE_DEVICE_SESSIONS: '0' } });
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('en, desktop: manager01 creates a recruit, who signs in with the emailed first password and must change it', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'manager01');
  await page.goto('/management/recruits');
  await expect(page.getByRole('heading', { level: 1, name: 'Create a recruit account' })).toBeVisible();
  await expect(page.getByLabel('Manager code')).toHaveValue('M0001');
  await page.getByLabel('Surname').fill('Tam');
  await page.getByLabel('Given name').fill('Ka Ho');
  await page.getByLabel('Personal email').fill('not-an-email');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  // The server's rule (§8): a personal email already used.
  await page.getByLabel('Personal email').fill('agent01@agent-academy.test');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toHaveText('This email is already used by another account.');
  await page.getByLabel('Personal email').fill('ka.ho.tam@personal.test');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('status')).toContainText(/The account R\d{7} \(Tam Ka Ho\) was created under Cheung Wai Kit/);

  const mail = await mailTo(page, 'ka.ho.tam@personal.test');
  const agentCode = /Agent code: (\S+)/.exec(mail.text)![1];
  const first = /First password: (\S+)/.exec(mail.text)![1];

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await fillLogin(page, agentCode, first);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/setting\/reset-password$/, { timeout: 20_000 });
  const fields = page.locator('input[type=password]');
  await fields.nth(0).fill(first);
  await fields.nth(1).fill('Harbour2026k');
  await fields.nth(2).fill('Harbour2026k');
  await page.locator('form button[type=submit]').click();
  await expect(page.getByRole('status')).toBeVisible();
  await page.goto('/main');
  await expect(page).toHaveURL(/\/main$/);
  await expect(page.getByTestId('header-user-name')).toHaveText('Tam Ka Ho');
});

test('zh, phone: recruit01 merges into agent10 through the emailed link (the preview names the courses), is closed, and agent10 undoes the merge', async ({ page, browser, accessibilityAudit }) => {
  test.setTimeout(150_000);
  await signIn(page, 'recruit01');
  await page.evaluate(() => localStorage.setItem('lang', 'zh'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/merge');
  await expect(page.getByRole('heading', { level: 1, name: '連結至代理人帳戶' })).toBeVisible();
  await page.getByLabel('代理人編號').fill('agent10');
  await page.getByLabel('公司電郵').fill('someone@else.test');
  await page.getByRole('button', { name: '發送驗證電郵' }).click();
  await expect(page.getByRole('alert')).toContainText('無法識別您的代理人編號或公司電郵。請聯絡學習及發展團隊：learning@agent-academy.test');
  await page.getByLabel('公司電郵').fill('agent10@agent-academy.test');
  await page.getByRole('button', { name: '發送驗證電郵' }).click();
  await expect(page.getByRole('status')).toContainText('請查看您的電郵：驗證連結已發送至 agent10@agent-academy.test');
  const noSidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  expect(await noSidewaysScroll()).toBe(true);

  const mail = await mailTo(page, 'agent10@agent-academy.test');
  const link = /https?:\/\/\S+?(\/merge\/verify\?token=[\w%.~-]+)/.exec(mail.text)![1];

  // The agent opens the emailed link in their own browser.
  const agentContext = await browser.newContext({ baseURL: `http://127.0.0.1:${recruitsPort}`, viewport: { width: 390, height: 844 } });
  await agentContext.addInitScript(() => localStorage.setItem('lang', 'zh'));
  const agent = await agentContext.newPage();
  accessibilityAudit.watch(agent);
  await agent.goto(link);
  await expect(agent.getByRole('heading', { level: 1, name: '確認合併' })).toBeVisible();
  await expect(agent.getByText(/^Ho Mei Ling（recruit01）的記錄將移至代理人帳戶 Kwok Ming Fai（agent10）。不會遺失任何記錄/)).toContainText('合併後 7 天內可以撤銷。');
  // Issue 43: the preview names the courses and the classroom enrolments that move, not only counts.
  await expect(agent.getByRole('list', { name: '移動的課程' }).getByText('新代理人的時間管理')).toBeVisible();
  await expect(agent.getByRole('list', { name: '移動的課堂報名' }).getByRole('listitem').first()).toBeVisible();
  await expect(agent.getByText(/課程讚好：1/)).toBeVisible();
  expect(await agent.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  await agent.getByLabel('密碼').fill('Learner2026');
  await agent.getByRole('button', { name: '登入並合併' }).click();
  await expect(agent.getByRole('status')).toContainText('完成：Ho Mei Ling 的記錄現已在代理人帳戶 Kwok Ming Fai (agent10) 中。');
  await expect(agent.getByText(/您可在 .+ 前撤銷此合併。/)).toBeVisible();

  // The recruit account is closed: its session ended, and its sign-in says where its records went.
  await page.goto('/main');
  await expect(page).toHaveURL(/\/login/, { timeout: 20_000 });
  await page.goto('/login');
  await fillLogin(page, 'recruit01', 'Recruit2026');
  await page.locator('button[type=submit]').click();
  await expect(page.getByRole('alert')).toHaveText('此帳戶已合併至代理人編號 agent10，請以該帳戶登入。');

  // The link works once.
  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText('此驗證連結已被使用。');

  // agent10 signs in and finds the recruit's completed course among their own.
  await page.goto('/login');
  await fillLogin(page, 'agent10', 'Learner2026');
  await page.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/\/main$/, { timeout: 20_000 });
  await page.goto('/courses/mine');
  await expect(page.getByText('新代理人的時間管理').first()).toBeVisible();
  expect(await noSidewaysScroll()).toBe(true);
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);

  // Back on the agent's done page: the undo, within its window, gives each account its own records again.
  await agent.getByRole('button', { name: '撤銷合併' }).click();
  await expect(agent.getByRole('status')).toContainText('合併已撤銷：Ho Mei Ling（recruit01）與 Kwok Ming Fai（agent10）已恢復各自合併前的記錄。');
  await expect(agent.getByRole('button', { name: '撤銷合併' })).toHaveCount(0);
  await agentContext.close();

  // The recruit signs in again.
  await fillLogin(page, 'recruit01', 'Recruit2026');
  await page.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/\/main$/, { timeout: 20_000 });
});
