import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn, storedToken } from './support';

// Issue 47 "Must show": agent01 writes a reading note on a PDF page and finds it in the notes list.
// On the shared demo server, in the PDF of a course agent01 has completed (anti-money laundering:
// viewing it changes no progress, no time credited, no state another journey reads): page 2, a
// passage of its text layer quoted, saved, edited, found on /notes under the course with a link
// back to the item at its page, followed, then deleted. Each test writes its own text and checks
// only its own note (the four run on one server, beside the demo's two notes), and every step is
// compared with what the server answers.

const TEXT = {
  en: { notes: 'My notes', page: (n: number) => `Page ${n}`, quote: 'Quote the selected text', save: 'Save note', saveEdit: 'Save changes', edit: 'Edit', delete: 'Delete' },
  zh: { notes: '我的筆記', page: (n: number) => `第 ${n} 頁`, quote: '引用已選取的文字', save: '儲存筆記', saveEdit: '儲存修改', edit: '編輯', delete: '刪除' },
} as const;

/** The passage on page 2 of the demo PDF (server/db/fixtures/media/document.pdf) that is quoted. */
const PASSAGE = 'Know your customer';

interface Note {
  id: string;
  course_id: string;
  course_title: string;
  item_id: string;
  item_title: string;
  attachment_id: string | null;
  pdf_page: number | null;
  text: string;
  quote: string | null;
  created_at: string;
  updated_at: string;
}

async function api<T>(page: Page, path: string, lang: 'en' | 'zh'): Promise<T> {
  const headers = { Authorization: `Bearer ${await storedToken(page)}`, 'X-App-Language': lang === 'zh' ? 'zh-HK' : 'en' };
  const res = await page.request.get(path, { headers });
  expect(res.status(), `GET ${path}`).toBe(200);
  return (await res.json()) as T;
}

/** agent01's notes as the server has them (one item's, or all). */
const notesOf = async (page: Page, lang: 'en' | 'zh', itemId?: string) =>
  (await api<{ data: Note[] }>(page, `/api/reading-notes${itemId ? `?item_id=${itemId}` : ''}`, lang)).data;

/** The completed AML course and its PDF item, from the server. */
async function amlPdf(page: Page, lang: 'en' | 'zh') {
  const mine = await api<{ data: { id: string; title: string; status: string }[] }>(page, '/api/courses/mine?page=1&per_page=50', 'en');
  const course = mine.data.find((c) => c.title === 'Anti-Money Laundering Essentials');
  expect(course?.status, 'agent01 has completed the AML course').toBe('completed');
  const detail = await api<{ title: string; lessons: { items: { id: string; title: string; attachment: { type: string } | null }[] }[] }>(page, `/api/courses/${course!.id}`, lang);
  const item = detail.lessons.flatMap((l) => l.items).find((i) => i.attachment?.type === 'pdf');
  expect(item, 'the AML course has a PDF item').toBeTruthy();
  return { courseId: course!.id, courseTitle: detail.title, item: item! };
}

for (const lang of ['en', 'zh'] as const) {
  for (const device of ['desktop', 'phone'] as const) {
    test(`${lang}, ${device}: agent01 writes a note on page 2 of a PDF with a quote, edits it, finds it on /notes with a link back to the page, and deletes it`, async ({ page }) => {
      test.setTimeout(120_000);
      const T = TEXT[lang];
      const mark = `${lang}-${device}-${randomUUID().slice(0, 8)}`;
      const first = `Ask about source of funds (${mark})`;
      const edited = `Ask about source of funds and wealth (${mark})`;

      if (device === 'phone') await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, 'agent01');
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      const { courseId, courseTitle, item } = await amlPdf(page, lang);
      expect((await notesOf(page, lang)).some((n) => n.text.includes(mark)), 'no note of this test yet').toBe(false);

      // The PDF at page 2: the panel says the new note goes on that page.
      await page.goto(`/lesson/${courseId}/${item.id}`);
      await expect(page.getByRole('heading', { level: 1, name: item.title })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('pdf-page')).toContainText(T.page(1), { timeout: 20_000 });
      const panel = page.getByTestId('reading-note-panel');
      await expect(panel.getByTestId('reading-note-page')).toContainText(T.page(1));
      await page.getByTestId('pdf-next').click();
      await expect(page.getByTestId('pdf-page')).toContainText(T.page(2));
      await expect(panel.getByTestId('reading-note-page')).toContainText(T.page(2));

      // A passage of the page's text layer selected, then quoted (the button keeps the selection).
      const span = page.locator('.react-pdf__Page__textContent span', { hasText: PASSAGE }).first();
      await expect(span).toBeAttached({ timeout: 20_000 });
      await span.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const selection = window.getSelection()!;
        selection.removeAllRanges();
        selection.addRange(range);
      });
      await panel.getByRole('button', { name: T.quote }).click();
      await expect(panel.getByTestId('reading-note-quote')).toContainText(PASSAGE);

      // Written and saved: in the panel and on the server, at page 2 with the quote.
      await panel.getByRole('textbox').fill(first);
      await panel.getByRole('button', { name: T.save }).click();
      const mine = panel.getByTestId('reading-note').filter({ hasText: mark });
      await expect(mine).toHaveCount(1);
      await expect(mine).toContainText(first);
      await expect(mine).toContainText(T.page(2));
      await expect(mine.locator('blockquote')).toContainText(PASSAGE);
      const saved = (await notesOf(page, lang, item.id)).filter((n) => n.text.includes(mark));
      expect(saved).toHaveLength(1);
      expect(saved[0]).toMatchObject({ course_id: courseId, item_id: item.id, pdf_page: 2, text: first });
      expect(saved[0].quote).toContain(PASSAGE);
      expect(saved[0].attachment_id).not.toBeNull();
      await expect(panel.getByRole('textbox')).toHaveValue('');

      // Edited: the panel shows the new text only, the server has it on the same note.
      await mine.getByRole('button', { name: T.edit }).click();
      await expect(panel.getByRole('textbox')).toHaveValue(first);
      await panel.getByRole('textbox').fill(edited);
      await panel.getByRole('button', { name: T.saveEdit }).click();
      await expect(mine).toContainText(edited);
      await expect(panel.getByRole('button', { name: T.saveEdit })).toHaveCount(0);
      const afterEdit = (await notesOf(page, lang, item.id)).filter((n) => n.text.includes(mark));
      expect(afterEdit).toHaveLength(1);
      expect(afterEdit[0]).toMatchObject({ id: saved[0].id, text: edited, pdf_page: 2 });
      expect(afterEdit[0].quote).toContain(PASSAGE);
      expect(Date.parse(afterEdit[0].updated_at)).toBeGreaterThanOrEqual(Date.parse(afterEdit[0].created_at));

      // /notes: under the course's title (the server's, in the page's language), with a link to the item at page 2.
      await page.goto('/notes');
      await expect(page.getByRole('heading', { level: 1, name: T.notes })).toBeVisible({ timeout: 30_000 });
      const listed = (await notesOf(page, lang)).find((n) => n.id === saved[0].id)!;
      expect(listed).toMatchObject({ course_title: courseTitle, item_title: item.title, text: edited });
      const group = page.getByTestId('notes-course').filter({ has: page.getByRole('heading', { level: 2, name: courseTitle }) });
      const entry = group.getByTestId('notes-list-note').filter({ hasText: mark });
      await expect(entry).toHaveCount(1);
      await expect(entry).toContainText(edited);
      await expect(entry.locator('blockquote')).toContainText(PASSAGE);
      const link = entry.getByRole('link');
      await expect(link).toContainText(item.title);
      await expect(link).toContainText(T.page(2));
      await expect(link).toHaveAttribute('href', `/lesson/${courseId}/${item.id}?page=2`);

      // Followed: back at the item, the PDF open at page 2, the note in its panel.
      await link.click();
      await expect(page).toHaveURL(new RegExp(`/lesson/${courseId}/${item.id}\\?page=2$`));
      await expect(page.getByRole('heading', { level: 1, name: item.title })).toBeVisible();
      await expect(page.getByTestId('pdf-page')).toContainText(T.page(2), { timeout: 20_000 });
      await expect(panel.getByTestId('reading-note-page')).toContainText(T.page(2));
      await expect(mine).toContainText(edited);

      // Deleted: gone from the panel and from the server, the other notes left as they were.
      const others = (await notesOf(page, lang)).filter((n) => n.id !== saved[0].id).map((n) => n.id);
      await mine.getByRole('button', { name: T.delete }).click();
      await expect(mine).toHaveCount(0);
      await expect.poll(async () => (await notesOf(page, lang)).some((n) => n.id === saved[0].id), { message: 'the server deleted the note' }).toBe(false);
      expect((await notesOf(page, lang)).map((n) => n.id)).toEqual(expect.arrayContaining(others));
    });
  }
}
