import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn, storedToken } from './support';

// Issue 47, learning maps on the shared demo server (DEMO_MODE: the flag is on): agent01 follows
// "Licensing essentials" (AML completed late, Privacy expired, Ethics locked behind the Regulatory
// course) and has the welcome map in the history; manager01 assigns "Product knowledge" to agent02,
// who then finds it in their list. Desktop and phone, English and Traditional Chinese. Every state
// is the server's (compared with its API answer), so the journey asserts no wall-clock date.

const TEXT = {
  en: { title: 'Learning Map', late: 'Completed late', expired: 'Expired', locked: 'Locked', assigned: /Assigned to 1 person\.|1 person had it already\./ },
  zh: { title: '學習地圖', late: '逾期完成', expired: '已過期', locked: '未解鎖', assigned: /已指派給 1 人。|1 人早已獲指派。/ },
} as const;

// The API answers in the page's language (titles are translated), as the app's own calls ask for it.
async function api<T>(page: Page, path: string, lang: 'en' | 'zh'): Promise<T> {
  const headers = { Authorization: `Bearer ${await storedToken(page)}`, 'X-App-Language': lang === 'zh' ? 'zh-HK' : 'en' };
  const res = await page.request.get(path, { headers });
  expect(res.status()).toBe(200);
  return (await res.json()) as T;
}

async function open(page: Page, who: Parameters<typeof signIn>[1], lang: 'en' | 'zh', device: 'desktop' | 'phone') {
  if (device === 'phone') await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, who);
  await page.evaluate((l) => localStorage.setItem('lang', l), lang);
  await page.goto('/learning-map');
  await expect(page.getByRole('heading', { level: 1, name: TEXT[lang].title })).toBeVisible({ timeout: 30_000 });
}

for (const lang of ['en', 'zh'] as const) {
  for (const device of ['desktop', 'phone'] as const) {
    test(`${lang}, ${device}: agent01 follows a map with an item completed late, one expired and one locked; the history holds the finished map`, async ({ page }) => {
      test.setTimeout(90_000);
      await open(page, 'agent01', lang, device);
      const list = await api<{ maps: { id: string; title: string; progress: number }[]; history: { title: string }[] }>(page, '/api/learning-map', lang);
      const map = list.maps.find((m) => m.progress < 100)!;
      await expect(page.getByTestId('learning-map-history')).toContainText(list.history[0].title);
      await page.getByTestId('learning-map-current').getByRole('link', { name: map.title }).click();
      await expect(page).toHaveURL(new RegExp(`/learning-map/${map.id}$`));
      const detail = await api<{ items: { position: number; state: string }[] }>(page, `/api/learning-map/${map.id}`, lang);
      for (const item of detail.items) await expect(page.getByTestId(`learning-map-item-${item.position}`)).toHaveAttribute('data-state', item.state);
      await expect(page.getByTestId('learning-map-items')).toContainText(TEXT[lang].late);
      await expect(page.getByTestId('learning-map-items')).toContainText(TEXT[lang].expired);
      await expect(page.getByTestId('learning-map-items')).toContainText(TEXT[lang].locked);
    });
  }
}

test('manager01 assigns a map to agent02, who then has it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await open(page, 'manager01', 'en', 'desktop');
  const form = page.getByTestId('learning-map-assign');
  await form.getByTestId('learning-map-assign-map').selectOption({ label: 'Product knowledge' });
  await form.getByTestId('learning-map-assign-agent02').check();
  await form.getByRole('button', { name: 'Assign' }).click();
  await expect(page.getByTestId('learning-map-assign-result')).toHaveText(TEXT.en.assigned);
  const agent = await browser.newPage();
  await open(agent, 'agent02', 'zh', 'phone');
  await expect(agent.getByTestId('learning-map-current')).toContainText('產品知識');
  await agent.close();
});
