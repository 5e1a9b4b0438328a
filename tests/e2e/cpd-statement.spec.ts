import { expect, test } from './fixtures';
import { signIn } from './support';

// Issue 45 (ADR 085): agent01 downloads this period's CPD statement (PDF) from /cpd; the code the
// server printed on it (shown on the page, sent in X-Verification-Code) checks out on the public
// /verify page signed out, typed in the form and opened as a link. Desktop and phone, English and
// Traditional Chinese.

const TEXT = {
  en: { download: 'Download statement (PDF)', code: /^Verification code of the statement: ([A-Z2-7]{12})$/, check: 'Check', genuine: 'This CPD statement is genuine.', person: 'Chan Tai Man (agent code agent01)', notGenuine: 'Not genuine', label: 'Verification code' },
  zh: { download: '下載記錄表（PDF）', code: /^記錄表的驗證碼：([A-Z2-7]{12})$/, check: '核實', genuine: '此 CPD 記錄表是真實的。', person: 'Chan Tai Man（代理人編號 agent01）', notGenuine: '不是真實的', label: '驗證碼' },
} as const;

for (const lang of ['en', 'zh'] as const) {
  for (const device of ['desktop', 'phone'] as const) {
    test(`${lang}, ${device}: agent01 downloads the statement; its code verifies on /verify signed out`, async ({ page, browser, accessibilityAudit }, info) => {
      test.setTimeout(90_000);
      const text = TEXT[lang];
      const viewport = device === 'phone' ? { width: 390, height: 844 } : { width: 1280, height: 800 };
      await page.setViewportSize(viewport);
      await signIn(page, 'agent01');
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      await page.goto('/cpd');

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: text.download }).click()]);
      expect(download.suggestedFilename()).toMatch(/^cpd-statement-agent01-\d{4}\.pdf$/);
      const shown = page.getByTestId('cpd-statement-code');
      await expect(shown).toHaveText(text.code);
      const code = text.code.exec((await shown.textContent()) ?? '')![1];

      // Someone else, signed out: the code typed as printed (lower case, in groups).
      const stranger = await browser.newContext({ baseURL: info.project.use.baseURL, viewport });
      const other = await stranger.newPage();
      accessibilityAudit.watch(other);
      await other.goto('/verify');
      await other.evaluate((l) => localStorage.setItem('lang', l), lang);
      await other.reload();
      await other.getByLabel(text.label).fill(code.toLowerCase().replace(/(.{4})(?=.)/g, '$1-'));
      await other.getByRole('button', { name: text.check }).click();
      const result = other.getByTestId('cpd-verify-result');
      await expect(result).toHaveAttribute('data-result', 'genuine');
      await expect(result).toContainText(text.genuine);
      await expect(result).toContainText(text.person);

      // The link printed on the paper; a code one letter off is not genuine.
      await other.goto(`/verify/${code}`);
      await expect(other.getByTestId('cpd-verify-result')).toHaveAttribute('data-result', 'genuine');
      const wrong = (code[0] === 'A' ? 'B' : 'A') + code.slice(1);
      await other.goto(`/verify/${wrong}`);
      await expect(other.getByTestId('cpd-verify-result')).toHaveAttribute('data-result', 'not-genuine');
      await expect(other.getByTestId('cpd-verify-result')).toContainText(text.notGenuine);
      if (device === 'phone') expect(await other.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      await stranger.close();
    });
  }
}
