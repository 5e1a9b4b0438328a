import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiCall, signIn, storedToken } from './support';

// Issue 45, ADR 086, on the shared demo server: agent01 claims an outside seminar with a small PDF
// through the claim form (from /cpd), manager01 approves it, and agent01's CPD total rises by the
// claim's minutes. Desktop and phone, English and Traditional Chinese. manager01 decides through the
// decision endpoint, signed in as manager01: the management page has no "CPD claims" section yet.

const PDF = fileURLToPath(new URL('../../server/db/fixtures/media/document.pdf', import.meta.url));

const TEXT = {
  en: { claim: 'Claim an outside activity', provider: 'Provider', title: 'Title of the activity', first: 'First day', last: 'Last day', hours: 'CPD hours', evidence: 'Evidence file', terms: 'I accept the terms and conditions.', send: 'Send the claim', sent: 'Your claim was sent.', warning: 'Impersonation warning' },
  zh: { claim: '申報外部活動', provider: '主辦機構', title: '活動名稱', first: '第一天', last: '最後一天', hours: 'CPD 時數', evidence: '證明檔案', terms: '我接受條款及細則。', send: '提交申報', sent: '你的申報已提交', warning: '冒名警告' },
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
      await page.getByLabel(text.hours).fill('1.5');
      await page.getByLabel(text.evidence).setInputFiles(PDF);
      await page.getByLabel(text.terms).check();
      await page.getByRole('button', { name: text.send }).click();
      await expect(page.getByRole('status')).toContainText(text.sent);

      // manager01, in a browser of their own, decides the claim.
      const managerContext = await browser.newContext();
      const manager = await managerContext.newPage();
      await signIn(manager, 'manager01');
      const token = await storedToken(manager);
      const team = await apiCall(manager.request, 'GET', '/api/cpd/team-claims', { token });
      const claim = ((await team.json()) as { data: { id: string; title: string; minutes: number }[] }).data.find((c) => c.title === title);
      expect(claim?.minutes).toBe(90);
      const decided = await apiCall(manager.request, 'POST', `/api/cpd/claims/${claim!.id}/decision`, { token, data: { decision: 'approve' } });
      expect(decided.status()).toBe(200);
      await managerContext.close();

      // agent01's ledger counts it: the total rose by its minutes, and the row is on /cpd.
      await page.goto('/cpd');
      await expect(page.getByText(title)).toBeVisible();
      expect(await totalMinutes(page)).toBe(before + 90);
    });
  }
}
