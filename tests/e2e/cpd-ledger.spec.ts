import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn, storedToken } from './support';

// Issue 45, the agent's CPD ledger on the shared demo server: agent01 sees this period's hours still
// needed (on the home tile and on /cpd, as the server counts them), opens the evidence of a course
// (the seconds the server credited per item, the viewing and its device), closes it, and reads the
// earlier period. Desktop and phone, English and Traditional Chinese. The figures are the server's
// (read from the API), so a journey that changes agent01's hours first does not break this one.

interface Ledger {
  totals: { minutes: number; needed_minutes: number };
  rows: { id: string; title: string; source: string }[];
  previous: { start_year: number }[];
}

async function ledgerOf(page: Page, lang: 'en' | 'zh'): Promise<Ledger> {
  const token = await storedToken(page);
  const res = await page.request.get('/api/cpd/ledger', { headers: { Authorization: `Bearer ${token}`, 'X-App-Language': lang === 'zh' ? 'zh-HK' : 'en' } });
  expect(res.status()).toBe(200);
  return (await res.json()) as Ledger;
}

const hours = (minutes: number) => String(Math.round((minutes / 60) * 100) / 100);

const TEXT = {
  en: {
    title: 'CPD hours',
    needed: (h: string) => `Still needed: ${h} ${h === '1' ? 'hour' : 'hours'}`,
    evidenceOf: (title: string) => `Evidence of ${title}`,
    credited: /^Credited: /,
    device: 'Device ',
    close: 'Close',
    earlier: 'Earlier periods',
    over: 'This period has ended.',
    aml: 'Anti-Money Laundering Essentials',
  },
  zh: {
    title: 'CPD 時數',
    needed: (h: string) => `尚欠：${h} 小時`,
    evidenceOf: (title: string) => `${title} 的證明`,
    credited: /^已計入：/,
    device: '裝置 ',
    close: '關閉',
    earlier: '以往評核期',
    over: '此評核期已結束。',
    aml: '打擊洗錢基礎',
  },
} as const;

for (const lang of ['en', 'zh'] as const) {
  for (const device of ['desktop', 'phone'] as const) {
    test(`${lang}, ${device}: agent01 sees the hours still needed and opens the evidence of a course`, async ({ page }) => {
      test.setTimeout(90_000);
      const text = TEXT[lang];
      if (device === 'phone') await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, 'agent01');
      // The language is kept in local storage (SPEC §1); the home page then speaks it.
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      await page.goto('/main');
      const ledger = await ledgerOf(page, lang);
      expect(ledger.totals.needed_minutes).toBeGreaterThan(0);

      // The home tile: this period's progress, the hours still needed; it leads to /cpd.
      const tile = page.getByTestId('cpd-progress-tile');
      await expect(page.getByTestId('cpd-tile-needed')).toHaveText(text.needed(hours(ledger.totals.needed_minutes)));
      if (device === 'desktop') {
        // The side menu links the page too.
        await expect(page.getByTestId('side-nav').getByRole('link', { name: text.title })).toHaveAttribute('href', '/cpd');
      }
      await tile.click();
      await expect(page).toHaveURL(/\/cpd$/);
      await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
      await expect(page.getByTestId('cpd-needed')).toHaveText(text.needed(hours(ledger.totals.needed_minutes)));
      await expect(page.getByTestId('cpd-row')).toHaveCount(ledger.rows.length);

      // The evidence of the AML course: the seconds the server credited on each item, in viewings on a device.
      const aml = ledger.rows.find((r) => r.source === 'course' && r.title === text.aml)!;
      expect(aml).toBeDefined();
      await page.getByRole('button', { name: text.evidenceOf(aml.title) }).click();
      const dialog = page.getByTestId('cpd-evidence');
      await expect(dialog.getByRole('heading', { name: text.evidenceOf(aml.title) })).toBeVisible();
      const credited = dialog.getByTestId('cpd-evidence-credited');
      await expect(credited.first()).toHaveText(text.credited);
      await expect(dialog).toContainText(text.device);
      if (device === 'phone') expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      await dialog.getByTestId('cpd-evidence-close').click();
      await expect(dialog).toBeHidden();

      // The earlier period, listed below and picked: it has ended.
      await expect(page.getByRole('heading', { name: text.earlier })).toBeVisible();
      const earlier = ledger.previous[0].start_year;
      await page.getByTestId('cpd-period-select').selectOption(String(earlier));
      await expect(page.getByTestId('cpd-days-left')).toHaveText(text.over);
      if (device === 'phone') expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    });
  }
}
