import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { fillLogin, signIn, storedToken } from './support';

// Issue 45, ADR 086, on the shared demo server: agent01 claims an outside seminar with a small PDF
// through the claim form (from /cpd), manager01 approves it on /cpd/team's "Claims to decide" (the
// page, not the API), the team's figures are read again, and agent01's CPD total rises by the claim's
// minutes. Desktop and phone, English and Traditional Chinese. auditor01 finds the CPD report in the menu.

const PDF = fileURLToPath(new URL('../../server/db/fixtures/media/document.pdf', import.meta.url));

const TEXT = {
  en: { claim: 'Claim an outside activity', provider: 'Provider', title: 'Title of the activity', first: 'First day', last: 'Last day', hours: 'CPD hours', evidence: 'Evidence file', terms: 'I accept the terms and conditions.', send: 'Send the claim', sent: 'Your claim was sent.', warning: 'Impersonation warning', decide: 'Claims to decide', approved: 'Approved Chan Tai Man’s claim.' },
  zh: { claim: '申報外部活動', provider: '主辦機構', title: '活動名稱', first: '第一天', last: '最後一天', hours: 'CPD 時數', evidence: '證明檔案', terms: '我接受條款及細則。', send: '提交申報', sent: '你的申報已提交', warning: '冒名警告', decide: '待審批的申報', approved: '已批准 Chan Tai Man 的申報。' },
} as const;

/** Today in Hong Kong (UTC+8) by the server's own clock (its Date header), as it judges the claim's last day. */
async function hkToday(page: Page): Promise<string> {
  const res = await page.request.get('/api/app-config');
  return new Date(Date.parse(res.headers()['date']) + 8 * 3_600_000).toISOString().slice(0, 10);
}

async function totalMinutes(page: Page): Promise<number> {
  const res = await page.request.get('/api/cpd/ledger', { headers: { Authorization: `Bearer ${await storedToken(page)}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { totals: { minutes: number } }).totals.minutes;
}

for (const lang of ['en', 'zh'] as const) {
  for (const device of ['desktop', 'phone'] as const) {
    test(`${lang}, ${device}: agent01 claims a seminar with a PDF, manager01 approves it, the CPD total rises`, async ({ page, browser }) => {
      test.setTimeout(120_000);
      const text = TEXT[lang];
      const title = `Seminar ${lang} ${device} ${randomUUID().slice(0, 8)}`;
      if (device === 'phone') await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, 'agent01');
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      const before = await totalMinutes(page);

      await page.goto('/cpd');
      await page.getByRole('link', { name: text.claim }).click();
      await expect(page).toHaveURL(/\/cpd\/claims\/new$/);
      await expect(page.getByRole('note')).toContainText(text.warning);
      await page.getByLabel(text.provider).fill('Hong Kong Insurance Forum');
      await page.getByLabel(text.title).fill(title);
      const today = await hkToday(page);
      await page.getByLabel(text.first).fill(today);
      await page.getByLabel(text.last).fill(today);
      // Half an hour: after all four runs agent01 is still short (4 h), as the other CPD journeys on this server expect.
      await page.getByLabel(text.hours).fill('0.5');
      await page.getByLabel(text.evidence).setInputFiles(PDF);
      await page.getByLabel(text.terms).check();
      await page.getByRole('button', { name: text.send }).click();
      await expect(page.getByRole('status')).toContainText(text.sent);

      // manager01, in a browser of their own (same device and language), approves it on /cpd/team.
      const managerContext = await browser.newContext(device === 'phone' ? { viewport: { width: 390, height: 844 } } : {});
      const manager = await managerContext.newPage();
      await signIn(manager, 'manager01');
      await manager.evaluate((l) => localStorage.setItem('lang', l), lang);
      await manager.goto('/cpd/team');
      const section = manager.getByTestId('cpd-claim-decision');
      await expect(section.getByRole('heading', { level: 2, name: text.decide })).toBeVisible();
      const row = section.locator('[data-testid^="cpd-claim-decision-row-"]', { hasText: title });
      await expect(row).toContainText(lang === 'en' ? '0.5 hours' : '0.5 小時');
      await expect(row).toContainText('Chan Tai Man');
      // After the decision the team's figures are read again (GET /api/cpd/team) and the row leaves the list.
      const teamRead = manager.waitForResponse((r) => new URL(r.url()).pathname === '/api/cpd/team' && r.request().method() === 'GET');
      const decided = manager.waitForResponse((r) => /\/api\/cpd\/claims\/\d+\/decision$/.test(new URL(r.url()).pathname));
      await row.locator('[data-testid^="cpd-claim-approve-"]').click();
      expect((await decided).status()).toBe(200);
      await expect(section.getByTestId('cpd-claim-decided')).toContainText(text.approved);
      await expect(row).toHaveCount(0);
      expect((await teamRead).status()).toBe(200);
      await managerContext.close();

      // agent01's ledger counts it: the total rose by its minutes, and the row is on /cpd.
      await page.goto('/cpd');
      await expect(page.getByText(title)).toBeVisible();
      expect(await totalMinutes(page)).toBe(before + 30);
    });
  }
}

// Issue 45: the current user's is_auditor (the server's, from the role) gives the auditor the CPD report link.
test('auditor01 finds the CPD report in the menu and opens it; manager01 has no such link', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await page.goto('/login');
  await fillLogin(page, 'auditor01', 'Auditor2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/main$/, { timeout: 20_000 });
  await page.getByTestId('side-nav').getByRole('link', { name: 'CPD report' }).click();
  await expect(page).toHaveURL(/\/cpd\/report$/);
  await expect(page.getByRole('heading', { level: 1, name: 'CPD report' })).toBeVisible();

  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  await signIn(manager, 'manager01');
  await expect(manager.getByTestId('side-nav').getByRole('link', { name: 'Team CPD' })).toBeVisible();
  await expect(manager.getByTestId('side-nav').getByRole('link', { name: 'CPD report' })).toHaveCount(0);
  // The page itself is guarded too: a manager is sent back to /main.
  await manager.goto('/cpd/report');
  await expect(manager).toHaveURL(/\/main$/);
  await managerContext.close();
});
