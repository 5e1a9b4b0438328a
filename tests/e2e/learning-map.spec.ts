import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { startServer } from './server-process';
import { signIn, storedToken } from './support';

// Issue 47, learning maps on the shared demo server (DEMO_MODE: the flag is on): agent01 follows
// "Licensing essentials" (AML completed late, Privacy expired, Ethics locked behind the Regulatory
// course) and has the welcome map in the history; manager01 assigns "Product knowledge" to agent02,
// who then finds it in their list. Desktop and phone, English and Traditional Chinese. Every state
// is the server's (compared with its API answer), so the journey asserts no wall-clock date.
// "Finishes an item and the next unlocks" changes agent01's records for good (a completion is
// final), which other journeys on the shared server read: those tests run on a server of their own,
// a fresh database each (the demo's state known), started and stopped by the test.

const TEXT = {
  en: { title: 'Learning Map', late: 'Completed late', expired: 'Expired', locked: 'Locked', assigned: /Assigned to 1 person\.|1 person had it already\./ },
  zh: { title: '學習地圖', late: '逾期完成', expired: '已過期', locked: '未解鎖', assigned: /已指派給 1 人。|1 人早已獲指派。/ },
} as const;

/** The regulatory update 2026 quiz (server/db/fixtures/demo-quizzes.ts), answered right, in the page's language. */
const QUIZ = {
  en: { retake: 'Retake', single: '15', trueFalse: 'True', multiple: ['Income and commitments', 'Existing cover'], pass: 'Passed' },
  zh: { retake: '重考', single: '15', trueFalse: '正確', multiple: ['收入及承擔', '現有保障'], pass: '合格' },
} as const;

/** A port of its own: tests/e2e/*.spec.ts use +3, +5…+7, +15…+19 (playwright.config.ts +1…+4). */
const ownPort = Number(process.env.E2E_PORT ?? 8181) + 8;

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

interface MapItem {
  position: number;
  course_id: string;
  title: string;
  requires_previous: boolean;
  state: string;
}
interface MapDetail {
  id: string;
  progress: number;
  items_done: number;
  items_total: number;
  items: MapItem[];
}

/** Every item's state on the page is the server's; the progress line says the server's numbers. */
async function expectMapAsServer(page: Page, detail: MapDetail) {
  for (const item of detail.items) await expect(page.getByTestId(`learning-map-item-${item.position}`)).toHaveAttribute('data-state', item.state);
  await expect(page.locator('.learning-map__progress progress')).toHaveJSProperty('value', detail.progress);
  await expect(page.locator('.learning-map__progress')).toContainText(`${detail.progress}%`);
}

test.describe('on a server of its own', () => {
  test.use({ baseURL: `http://127.0.0.1:${ownPort}` });

  for (const [lang, device] of [
    ['en', 'desktop'],
    ['zh', 'phone'],
  ] as const) {
    test(`${lang}, ${device}: agent01 passes the quiz of the course before a locked item; back on the map the course is completed, the next item is open and the progress grew`, async ({ page }) => {
      test.setTimeout(240_000);
      const dataDir = mkdtempSync(join(tmpdir(), 'agent-academy-learning-map-'));
      const server = await startServer(ownPort, dataDir, { fresh: true, env: { CONTINUAL_AUTH: '0' } });
      try {
        await open(page, 'agent01', lang, device);
        const list = await api<{ maps: { id: string; title: string; progress: number }[] }>(page, '/api/learning-map', lang);
        const map = list.maps.find((m) => m.progress < 100)!;
        await page.getByTestId('learning-map-current').getByRole('link', { name: map.title }).click();
        await expect(page).toHaveURL(new RegExp(`/learning-map/${map.id}$`));
        const before = await api<MapDetail>(page, `/api/learning-map/${map.id}`, lang);
        // The first locked item, and the one before it that holds it back (not done, but open).
        const locked = before.items.find((i) => i.state === 'locked')!;
        expect(locked, 'the map has a locked item').toBeTruthy();
        expect(locked.requires_previous).toBe(true);
        const previous = before.items.find((i) => i.position === locked.position - 1)!;
        expect(['not_started', 'in_progress']).toContain(previous.state);
        await expectMapAsServer(page, before);
        const lockedRow = page.getByTestId(`learning-map-item-${locked.position}`);
        await expect(lockedRow.getByRole('link')).toHaveCount(0);
        await expect(lockedRow).toContainText(TEXT[lang].locked);

        // The course before it, opened from the map: its items are done, its quiz (failed twice) is left.
        await page.getByTestId(`learning-map-item-${previous.position}`).getByRole('link', { name: previous.title }).click();
        await expect(page).toHaveURL(new RegExp(`/course/${previous.course_id}$`));
        await page.getByTestId('course-quizzes').getByRole('link', { name: QUIZ[lang].retake }).click();
        await expect(page).toHaveURL(/\/quiz\/\d+/);
        await page.getByTestId('quiz-start').click();
        await expect(page.getByTestId('quiz-view')).toHaveAttribute('data-state', 'answering');
        await page.getByRole('radio', { name: QUIZ[lang].single, exact: true }).check();
        await page.getByTestId('quiz-next').click();
        await page.getByRole('radio', { name: QUIZ[lang].trueFalse, exact: true }).check();
        await page.getByTestId('quiz-next').click();
        for (const option of QUIZ[lang].multiple) await page.getByRole('checkbox', { name: option }).check();
        await expect(page.getByTestId('quiz-save-status')).toHaveAttribute('data-save', 'saved');
        await page.getByTestId('quiz-submit').click();
        await expect(page.getByTestId('quiz-result')).toBeVisible({ timeout: 15_000 });
        await expect(page.getByTestId('quiz-result-verdict')).toHaveText(QUIZ[lang].pass);
        // The server completed the course (every item done and now every quiz passed).
        const course = await api<{ status: string }>(page, `/api/courses/${previous.course_id}`, lang);
        expect(course.status).toBe('completed');

        // Back on the map: the course completed, the next item open (a link), one more item done.
        await page.goto(`/learning-map/${map.id}`);
        await expect(page.getByRole('heading', { level: 1, name: map.title })).toBeVisible({ timeout: 30_000 });
        const after = await api<MapDetail>(page, `/api/learning-map/${map.id}`, lang);
        expect(['completed', 'completed_late']).toContain(after.items.find((i) => i.position === previous.position)!.state);
        const unlocked = after.items.find((i) => i.position === locked.position)!;
        expect(unlocked.state).not.toBe('locked');
        expect(after.items_done).toBe(before.items_done + 1);
        expect(after.progress).toBeGreaterThan(before.progress);
        await expectMapAsServer(page, after);
        await expect(lockedRow).not.toContainText(TEXT[lang].locked);
        await lockedRow.getByRole('link', { name: unlocked.title }).click();
        await expect(page).toHaveURL(new RegExp(`/course/${unlocked.course_id}$`));
      } finally {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  }
});
