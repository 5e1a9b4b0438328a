import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { fillLogin, storedToken } from './support';

// Issue 46, ADR 097, on the shared demo server: auditor01 opens agent01's ledger from the CPD report,
// opens the evidence of the AML course, opens the replay of the day of its first viewing (the demo
// seeds a passed identity check in it), steps through the server's recorded steps with the buttons
// and the arrow keys, and sees the lit state of the diagram change and be said in words. Desktop and
// phone, English and Traditional Chinese. The day is read from the API, as the page links it.

interface Evidence {
  items: { viewings: { started_at: string }[] }[];
}

const api = async <T>(page: Page, path: string, lang: 'en' | 'zh'): Promise<T> => {
  const res = await page.request.get(path, { headers: { Authorization: `Bearer ${await storedToken(page)}`, 'X-App-Language': lang === 'zh' ? 'zh-HK' : 'en' } });
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
};

/** Hong Kong is UTC+8 all year. */
const hongKongDay = (at: string) => new Date(Date.parse(at) + 8 * 3_600_000).toISOString().slice(0, 10);

const TEXT = {
  en: {
    open: 'Open',
    evidenceOf: (title: string) => `Evidence of ${title}`,
    title: 'Evidence replay',
    position: (n: number, total: number) => `Step ${n} of ${total}`,
    checkState: 'Identity check is now in state prompting.done',
    checkPassed: 'Identity check passed (password)',
    next: 'Next',
    previous: 'Previous',
  },
  zh: {
    open: '打開',
    evidenceOf: (title: string) => `${title} 的證明`,
    title: '學習證據重播',
    position: (n: number, total: number) => `第 ${n} 步，共 ${total} 步`,
    checkState: '身份核實現時的狀態 prompting.done',
    checkPassed: '身份核實通過（密碼）',
    next: '下一步',
    previous: '上一步',
  },
} as const;

const noSideScroll = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

for (const lang of ['en', 'zh'] as const) {
  for (const device of ['desktop', 'phone'] as const) {
    test(`${lang}, ${device}: auditor01 replays agent01's day with an identity check and steps through it`, async ({ page }) => {
      test.setTimeout(120_000);
      const text = TEXT[lang];
      if (device === 'phone') await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/login');
      await fillLogin(page, 'auditor01', 'Auditor2026');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(/\/main$/, { timeout: 20_000 });
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      const report = await api<{ data: { user_id: string; agent_code: string }[] }>(page, '/api/cpd/report?per_page=50', lang);
      const agent01 = report.data.find((r) => r.agent_code === 'agent01')!;
      const ledger = await api<{ rows: { id: string; title: string; source: string; reference: string | null }[] }>(page, `/api/cpd/ledger/${agent01.user_id}`, lang);
      const aml = ledger.rows.find((r) => r.source === 'course' && /AML|洗錢|Money Laundering/.test(`${r.title} ${r.reference}`))!;
      expect(aml, 'agent01 has the AML course in the ledger').toBeTruthy();
      const evidence = await api<Evidence>(page, `/api/cpd/ledger/rows/${encodeURIComponent(aml.id)}/evidence?user=${agent01.user_id}`, lang);
      const day = hongKongDay(evidence.items.flatMap((i) => i.viewings.map((v) => v.started_at)).sort()[0]);

      // The report → agent01's ledger → the AML evidence → the replay of that day.
      await page.goto('/cpd/report');
      await page.getByTestId('cpd-report-row-agent01').getByRole('link', { name: text.open }).click();
      await expect(page).toHaveURL(new RegExp(`/cpd/report/ledger/${agent01.user_id}$`));
      await page.getByRole('button', { name: text.evidenceOf(aml.title) }).click();
      const dialog = page.getByTestId('cpd-evidence');
      await expect(dialog.getByTestId('cpd-evidence-replay-course')).toBeVisible();
      await dialog.locator(`[data-testid="cpd-evidence-replay-day"][href$="day=${day}"]`).first().click();
      await expect(page).toHaveURL(new RegExp(`/cpd/report/ledger/${agent01.user_id}/replay\\?day=${day}$`));
      await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();

      // The first step is on screen; the server's order is the timeline's.
      const position = page.getByTestId('evidence-replay-position');
      // The steps come with the server's answer: wait for it before counting them.
      await expect(position).toBeVisible({ timeout: 20_000 });
      const total = await page.getByTestId('evidence-replay-timeline').locator('li').count();
      expect(total).toBeGreaterThanOrEqual(3);
      await expect(position).toHaveText(text.position(1, total));
      await expect(page.getByRole('button', { name: text.previous })).toBeDisabled();
      const lit = page.getByTestId('evidence-replay-diagram').locator('[aria-current="true"]');
      await expect(lit).toHaveCount(1);
      const firstLit = `${await page.getByTestId('evidence-replay-diagram').getAttribute('data-machine')}:${await lit.getAttribute('data-state')}`;

      // Step until the identity check: by the Next button, then by the right arrow key (the stepper's keyboard way).
      const state = page.getByTestId('evidence-replay-state');
      for (let n = 1; n < total && !(await state.textContent())?.includes('prompting.done'); n += 1) {
        if (n === 1) await page.getByRole('button', { name: text.next }).click();
        else {
          await page.getByRole('button', { name: text.next }).focus();
          await page.keyboard.press('ArrowRight');
        }
        await expect(position).toHaveText(text.position(n + 1, total));
      }
      await expect(state).toHaveText(text.checkState);
      await expect(page.getByTestId('evidence-replay-step')).toContainText(text.checkPassed);
      await expect(page.getByTestId('evidence-replay-diagram')).toHaveAttribute('data-machine', 'continual-auth');
      await expect(lit).toHaveAttribute('data-state', 'prompting.done');
      expect(`continual-auth:prompting.done`).not.toBe(firstLit);
      await expect(page.getByTestId('evidence-replay-timeline').locator('[aria-current="step"]')).toContainText(text.checkPassed);

      // Back one step: the highlight moves back with it.
      await page.getByRole('button', { name: text.previous }).click();
      await expect(lit).not.toHaveAttribute('data-state', 'prompting.done');
      if (device === 'phone') await noSideScroll(page);
    });
  }
}
