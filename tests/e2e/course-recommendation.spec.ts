import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn, storedToken } from './support';

// Issue 48 (ADR 103), on the shared demo server (DEMO_MODE: the recommend flag is on): agent01
// recommends a course to agent02 from the course page's "Recommend" dialog, then agent02 signs in,
// finds the recommendation from Chan Tai Man about that course, marks it read (other journeys count
// agent02's unread notifications from where they find them) and opens the course. Each language ×
// device recommends a course of its own, so the four are independent; a retry finds the course
// already recommended, which the confirmation says instead.

const TEXT = {
  en: {
    recommend: 'Recommend this course to colleagues',
    search: 'Colleague’s name or agent code',
    add: 'Add Wong Siu Ming',
    chip: 'Remove Wong Siu Ming',
    send: 'Recommend to 1 colleague',
    done: /Recommended to 1 colleague\.|1 colleague had it from you already/,
    notifications: 'Notifications',
    open: 'Open the course',
    markRead: /^Mark as read/,
  },
  zh: {
    recommend: '向同事推薦此課程',
    search: '同事姓名或代理人編號',
    add: '加入 Wong Siu Ming',
    chip: '移除 Wong Siu Ming',
    send: '推薦給 1 位同事',
    done: /已推薦給 1 位同事。|有 1 位同事早前已收到你的推薦/,
    notifications: '通知',
    open: '開啟課程',
    markRead: /^標為已讀/,
  },
} as const;

type Lang = keyof typeof TEXT;
type Device = 'desktop' | 'phone';

async function as(page: Page, who: 'agent01' | 'agent02', lang: Lang, device: Device) {
  if (device === 'phone') await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, who);
  await page.evaluate((l) => localStorage.setItem('lang', l), lang);
}

/** A course of this test's own (by its place in the catalogue), with its title in the page's language. */
async function courseFor(page: Page, lang: Lang, index: number): Promise<{ id: string; title: string }> {
  const headers = { Authorization: `Bearer ${await storedToken(page)}`, 'X-App-Language': lang === 'zh' ? 'zh-HK' : 'en' };
  const res = await page.request.get('/api/courses?per_page=20', { headers });
  expect(res.status()).toBe(200);
  const { data } = (await res.json()) as { data: { id: string; title: string }[] };
  expect(data.length).toBeGreaterThanOrEqual(8);
  return data[data.length - 1 - index];
}

const cases = (['en', 'zh'] as const).flatMap((lang, l) => (['desktop', 'phone'] as const).map((device, d) => ({ lang, device, index: l * 2 + d })));

for (const { lang, device, index } of cases) {
  test(`${lang}, ${device}: agent01 recommends a course to agent02, who finds the notification and opens the course`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    const text = TEXT[lang];
    await as(page, 'agent01', lang, device);
    const course = await courseFor(page, lang, index);
    await page.goto(`/course/${course.id}`);
    await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible({ timeout: 30_000 });

    await page.getByRole('button', { name: text.recommend }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel(text.search)).toBeFocused();
    await dialog.getByLabel(text.search).fill('Wong');
    await dialog.getByRole('button', { name: text.add }).click();
    await expect(dialog.getByRole('button', { name: text.chip })).toBeVisible();
    await dialog.getByRole('button', { name: text.send }).click();
    await expect(dialog.getByTestId('recommend-done')).toHaveText(text.done);
    await dialog.getByTestId('recommend-close').click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    const agent = await browser.newPage();
    await as(agent, 'agent02', lang, device);
    await agent.goto('/notification');
    await expect(agent.getByRole('heading', { level: 1, name: text.notifications })).toBeVisible({ timeout: 30_000 });
    const card = agent
      .getByTestId('notification')
      .filter({ has: agent.locator(`a[href="/course/${course.id}"]`) })
      .filter({ hasText: 'Chan Tai Man' });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(course.title);
    // No other recipient is named: the text is the sender's and the course's only.
    await expect(card).not.toContainText('Wong Siu Ming');
    const mark = card.getByRole('button', { name: text.markRead });
    if (await mark.count()) {
      await mark.click();
      await expect(mark).toHaveCount(0);
    }
    await card.getByRole('link', { name: text.open }).click();
    await expect(agent).toHaveURL(new RegExp(`/course/${course.id}$`));
    await expect(agent.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
    await agent.close();
  });
}
