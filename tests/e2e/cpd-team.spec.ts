import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { fillLogin, signIn, storedToken } from './support';

// Issue 45, ADR 087, on the shared demo server: manager01 opens the team's CPD compliance from the
// menu, sees agent03 at risk, keeps only those at risk, and opens agent01's ledger; auditor01
// downloads the insurer's 31 October report (streamed CSV) and it lists agent01..03 with the
// server's figures. Desktop and phone, English and Traditional Chinese. The figures are read from
// the API, so a journey that changes someone's hours first does not break this one.

interface TeamRow {
  user_id: string;
  name: string;
  agent_code: string;
  minutes: number;
  ethics_minutes: number;
  target_minutes: number;
  forecast: 'met' | 'on_track' | 'at_risk';
}

const api = async <T>(page: Page, path: string): Promise<T> => {
  const res = await page.request.get(path, { headers: { Authorization: `Bearer ${await storedToken(page)}` } });
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
};

const TEXT = {
  en: { menu: 'Team CPD', title: 'Team CPD compliance', atRisk: 'At risk only', risk: 'At risk', open: (n: string) => `Open ${n}’s ledger`, ledger: 'CPD hours' },
  zh: { menu: '團隊 CPD', title: '團隊 CPD 合規', atRisk: '只顯示有風險', risk: '有風險', open: (n: string) => `打開 ${n} 的記錄`, ledger: 'CPD 時數' },
} as const;

const noSideScroll = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

for (const lang of ['en', 'zh'] as const) {
  for (const device of ['desktop', 'phone'] as const) {
    test(`${lang}, ${device}: manager01 sees who is at risk, filters them, and opens agent01's ledger`, async ({ page }) => {
      test.setTimeout(90_000);
      const text = TEXT[lang];
      if (device === 'phone') await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, 'manager01');
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      const team = await api<{ rows: TeamRow[] }>(page, '/api/cpd/team');
      const agent01 = team.rows.find((r) => r.agent_code === 'agent01')!;
      expect(team.rows.find((r) => r.agent_code === 'agent03')?.forecast).toBe('at_risk');

      if (device === 'desktop') {
        await page.goto('/main');
        await page.getByTestId('side-nav').getByRole('link', { name: text.menu }).click();
      } else await page.goto('/cpd/team');
      await expect(page).toHaveURL(/\/cpd\/team$/);
      await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
      await expect(page.getByTestId('cpd-team-row-agent03')).toContainText(text.risk);
      for (const row of team.rows) await expect(page.getByTestId(`cpd-team-row-${row.agent_code}`)).toBeVisible();
      if (device === 'phone') await noSideScroll(page);

      // The server filters: only those at risk stay (agent01 too, if short at this pace).
      await page.getByRole('checkbox', { name: text.atRisk }).check();
      const atRisk = team.rows.filter((r) => r.forecast === 'at_risk');
      await expect(page.locator('[data-testid^="cpd-team-row-"]')).toHaveCount(atRisk.length);
      await expect(page.getByTestId('cpd-team-row-agent03')).toBeVisible();
      await page.getByRole('checkbox', { name: text.atRisk }).uncheck();
      await expect(page.locator('[data-testid^="cpd-team-row-"]')).toHaveCount(team.rows.length);

      // A row opens that downline's ledger, read through /api/cpd/ledger/:userId.
      await page.getByRole('link', { name: text.open(agent01.name) }).click();
      await expect(page).toHaveURL(new RegExp(`/cpd/team/${agent01.user_id}$`));
      await expect(page.getByTestId('cpd-row').first()).toBeVisible();
      if (device === 'phone') await noSideScroll(page);
      // Their statement, as the upline may download it (GET /api/cpd/statement.pdf?user=).
      const statement = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/cpd/statement.pdf');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('cpd-download-pdf').click()]);
      const answer = await statement;
      expect([answer.status(), new URL(answer.url()).searchParams.get('user')]).toEqual([200, agent01.user_id]);
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      await expect(page.getByTestId('cpd-statement-code')).toBeVisible();
    });
  }
}

test('auditor01 downloads the 31 October report from /cpd/report: agent01..03 with the server’s figures', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/login');
  await fillLogin(page, 'auditor01', 'Auditor2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/main$/, { timeout: 20_000 });
  const report = await api<{ data: { agent_code: string; name: string; minutes: number; ethics_minutes: number; target_minutes: number; compliant: boolean }[] }>(page, '/api/cpd/report?per_page=50');
  // The page lists them; its Download CSV saves the report the server streams.
  await page.goto('/cpd/report');
  await expect(page.getByRole('heading', { level: 1, name: 'CPD report' })).toBeVisible();
  for (const code of ['agent01', 'agent02', 'agent03']) await expect(page.getByTestId(`cpd-report-row-${code}`)).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('cpd-insurer-report.csv');
  const saved = await download.path();
  const text = readFileSync(saved, 'utf8');
  const lines = text.replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(lines[0]).toBe('Agent code,Name,Hours,E/R hours,Target hours,E/R target hours,Compliant');
  for (const code of ['agent01', 'agent02', 'agent03']) {
    const r = report.data.find((x) => x.agent_code === code)!;
    const line = lines.find((l) => l.startsWith(`${code},`))!;
    const f = line.split(',');
    expect([f[1], Math.round(Number(f[2]) * 60), Math.round(Number(f[3]) * 60), Math.round(Number(f[4]) * 60), f[6]]).toEqual([r.name, r.minutes, r.ethics_minutes, r.target_minutes, r.compliant ? 'Yes' : 'No']);
  }
});
