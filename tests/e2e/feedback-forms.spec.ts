import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { apiCall, signIn, storedToken, type DemoUser } from './support';

// Issue 13, ADR 026: evaluation and the feedback form of a completed course, stored once. The demo
// seed gives agent01 "Anti-Money Laundering Essentials" completed with nothing submitted (this
// journey submits it), "Investment-Linked Assurance Schemes: The Basics" completed and already submitted, and
// agent02 "Medical…" completed with nothing submitted. The journeys run in order
// on the shared server: the first one submits agent01's form.

test.describe.configure({ mode: 'serial' });

type Lang = 'en' | 'zh';
const texts = (lang: Lang) =>
  JSON.parse(readFileSync(new URL(`../../src/i18n/locales/${lang}/feedback-forms.json`, import.meta.url), 'utf8')) as Record<string, string> & {
    criterion: Record<string, string>;
  };
const PHONE = { width: 390, height: 844 };

/** The id of the signed-in learner's completed course with this English title (from the API). */
async function completedCourseId(page: Page, title: string): Promise<string> {
  const token = await storedToken(page);
  const res = await page.request.get('/api/courses/mine?status=completed&per_page=50', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { data: { id: string; title: string }[] };
  const course = body.data.find((c) => c.title === title);
  expect(course, `${title} is completed`).toBeDefined();
  return course!.id;
}

async function openCourse(page: Page, user: DemoUser, title: string, lang: Lang): Promise<string> {
  await signIn(page, user);
  const id = await completedCourseId(page, title);
  await page.evaluate((l) => localStorage.setItem('lang', l), lang);
  const quizzes = page.waitForResponse((res) => new URL(res.url()).pathname === `/api/courses/${id}/quizzes` && res.request().method() === 'GET');
  await page.goto(`/course/${id}`);
  await expect(page.getByTestId('feedback-forms')).toBeVisible({ timeout: 15_000 });
  // The course's quizzes section comes above the form when its list arrives, which can be after the
  // form on a busy machine: a click between Playwright's mouse down and up would then land on another
  // element (CI once failed "Clicking the checkbox did not change its state"). Fill once it is there.
  const listed = ((await (await quizzes).json()) as unknown[]).length;
  if (listed > 0) await expect(page.getByTestId('course-quizzes')).toBeVisible();
  return id;
}

/** Fills the evaluation (three criteria), the required rating and choice, and the free text. */
async function fillForm(page: Page, lang: Lang) {
  const t = texts(lang);
  const section = page.getByTestId('feedback-forms');
  const stars = (n: number) => t.stars.replace('{{count}}', String(n));
  for (const [criterion, n] of [['content', 5], ['presenter', 4], ['usefulness', 3]] as const) {
    await section.getByRole('group', { name: new RegExp(t.criterion[criterion]) }).getByRole('radio', { name: stars(n) }).check();
  }
  await section.getByLabel(t.comment).fill(lang === 'en' ? 'Clear and practical.' : '清晰實用。');
  const feedback = section.getByRole('group', { name: t.feedback, exact: true });
  // The course's rating question, then its required choice (the second option), then the free text.
  await feedback.getByRole('radio', { name: stars(4) }).check();
  const choice = feedback.getByRole('group').nth(1);
  await choice.getByRole('radio').nth(1).check();
  await feedback.getByRole('textbox').fill(lang === 'en' ? 'More case studies, please.' : '請多加個案研究。');
}

test('agent01 evaluates a completed course and submits the feedback once, in English on a desktop: a double click stores one, a reload shows it submitted', async ({ page }) => {
  test.setTimeout(90_000);
  const t = texts('en');
  const courseId = await openCourse(page, 'agent01', 'Anti-Money Laundering Essentials', 'en');
  await expect(page.getByTestId('feedback-forms').getByText(t.intro)).toBeVisible();
  await fillForm(page, 'en');

  const posts: number[] = [];
  page.on('response', (res) => {
    if (res.request().method() === 'POST' && res.url().endsWith(`/api/courses/${courseId}/feedback-form`)) posts.push(res.status());
  });
  await page.getByRole('button', { name: t.submit }).dblclick();
  await expect(page.getByTestId('feedback-submitted')).toHaveText(t.thanks);
  // The second click found the button busy: one request, stored once (a repeat would answer 200 with the same key).
  expect(posts).toEqual([200]);

  await page.reload();
  await expect(page.getByTestId('feedback-already-submitted')).toContainText(t.already_submitted);
  await expect(page.getByRole('button', { name: t.submit })).toHaveCount(0);

  // Back and resubmit from another page (another key) is refused by the server, in the learner's language.
  const token = await storedToken(page);
  const again = await apiCall(page.request, 'POST', `/api/courses/${courseId}/feedback-form`, {
    token,
    data: { key: 'another-page-0001', evaluation: { content: 1, presenter: 1, usefulness: 1 }, answers: [] },
    headers: { 'X-App-Language': 'en' },
  });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { message: string }).message).toBe('You have already submitted the evaluation and feedback for this course.');
  const form = await page.request.get(`/api/courses/${courseId}/feedback-form`, { headers: { Authorization: `Bearer ${token}` } });
  expect(((await form.json()) as { availability: string }).availability).toBe('submitted');
});

test('agent02 submits the evaluation and feedback in Chinese on a phone, then sees it submitted after a reload', async ({ page }) => {
  test.setTimeout(90_000);
  const t = texts('zh');
  await page.setViewportSize(PHONE);
  await openCourse(page, 'agent02', 'Medical and Critical Illness Cover', 'zh');
  await expect(page.getByRole('heading', { name: t.title })).toBeVisible();
  await fillForm(page, 'zh');
  await page.getByRole('button', { name: t.submit }).dblclick();
  await expect(page.getByTestId('feedback-submitted')).toHaveText(t.thanks);
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: document.documentElement.clientWidth }));
  expect(widths.scroll, 'no sideways scroll on a phone').toBeLessThanOrEqual(widths.view);
  await page.reload();
  await expect(page.getByTestId('feedback-already-submitted')).toContainText(t.already_submitted);
});

test('a course submitted before shows it, with its date, in Chinese on a desktop and in English on a phone', async ({ page }) => {
  test.setTimeout(90_000);
  const zh = texts('zh');
  await openCourse(page, 'agent01', 'Investment-Linked Assurance Schemes: The Basics', 'zh');
  await expect(page.getByTestId('feedback-already-submitted')).toContainText(zh.already_submitted);
  await expect(page.getByTestId('feedback-already-submitted')).toContainText('已於');

  await page.setViewportSize(PHONE);
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.reload();
  await expect(page.getByTestId('feedback-already-submitted')).toContainText(texts('en').already_submitted);
});
