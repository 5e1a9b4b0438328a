import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alignClocks, installClocks, releaseClocks, runClocksFor } from './clock';
import { startServer, type ServerProcess } from './server-process';
import { signIn, storedToken } from './support';

// Issue 13 "time is never taken from them", ADR 030: an identity prompt of continual authentication
// over the timed demo quiz stops its clock. The prompt is due 30–40 s after the quiz page opened
// (units of 10 s); both clocks move (E2E_CLOCK, ADR 005), the journey never waits for real seconds.
// Its own server (continual authentication on), on a port of its own.

let server: ServerProcess;
let dataDir: string;
const port = Number(process.env.E2E_PORT ?? 8181) + 15;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: `http://127.0.0.1:${port}` });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = mkdtempSync(join(tmpdir(), 'agent-academy-identity-quiz-'));
  server = await startServer(port, dataDir, {
    fresh: true,
    env: { E2E_CLOCK: '1', CONTINUAL_AUTH: '1', CONTINUAL_AUTH_UNIT_SECONDS: '10', CONTINUAL_AUTH_MIN: '3', CONTINUAL_AUTH_MAX: '4' },
  });
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const prompt = (page: Page) => page.getByRole('dialog', { name: 'Enter password' });

test('en, desktop: an identity prompt two minutes long during the timed quiz gives those two minutes back', async ({ page }) => {
  test.setTimeout(120_000);
  await installClocks(page);
  await signIn(page, 'agent01');
  const auth = { headers: { Authorization: `Bearer ${await storedToken(page)}` } };
  const courses = (await (await page.request.get('/api/courses/mine?page=1&per_page=50', auth)).json()) as { data: { id: string; title: string }[] };
  const course = courses.data.find((c) => /privacy/i.test(c.title));
  expect(course, 'agent01 is enrolled in the privacy course').toBeTruthy();
  await page.goto(`/course/${course!.id}`);
  await page.getByTestId('course-quizzes').getByRole('link', { name: 'Start' }).first().click();
  await expect(page).toHaveURL(/\/quiz\/\d+/);
  const quizId = /\/quiz\/(\d+)/.exec(page.url())![1];
  await page.getByTestId('quiz-start').click();
  await expect(page.getByTestId('quiz-view')).toHaveAttribute('data-state', 'answering');
  const { open_attempt_id: attemptId } = (await (await page.request.get(`/api/quizzes/${quizId}`, auth)).json()) as { open_attempt_id: string };
  const read = async () => (await (await page.request.get(`/api/quiz_attempts/${attemptId}`, auth)).json()) as { status: string; deadline_at: string };
  const before = await read();

  try {
    await alignClocks(page);
    await runClocksFor(page, 45_000);
    await expect(prompt(page)).toBeVisible();
    // Issue 43: behind the prompt the page shows no question, and the time shown stands.
    await expect(page.getByTestId('quiz-paused')).toBeVisible();
    await expect(page.getByRole('radio')).toHaveCount(0);
    await expect(page.getByTestId('quiz-submit')).toHaveCount(0);
    const shown = await page.getByTestId('quiz-time-left').textContent();
    // The prompt stays open for two minutes of both clocks; the answering waits.
    await runClocksFor(page, 12_000);
    await expect(page.getByTestId('quiz-time-left')).toHaveText(shown!);
    await runClocksFor(page, 108_000);
    await expect(page.getByTestId('quiz-time-left')).toHaveText(shown!);
    // Nor does the server serve the questions while the prompt is open.
    expect(((await (await page.request.get(`/api/quiz_attempts/${attemptId}`, auth)).json()) as { questions: unknown[] }).questions).toEqual([]);
    await prompt(page).getByPlaceholder('Password').fill('Learner2026');
    await prompt(page).getByRole('button', { name: 'Confirm' }).click();
    await expect(prompt(page)).toBeHidden();

    // The server moved the deadline on by the two minutes (to the passed check it recorded) …
    await expect.poll(async () => Date.parse((await read()).deadline_at) - Date.parse(before.deadline_at)).toBe(120_000);
    // … and the page counts from it: of the 3 minutes, 45 s went by outside the prompt.
    await expect(page.getByTestId('quiz-time-left')).toHaveText(/^02:1\d$/);
    await page.getByRole('radio', { name: 'No longer than needed for its purpose' }).check();
    await expect(page.getByTestId('quiz-save-status')).toHaveAttribute('data-save', 'saved');
    expect((await read()).status).toBe('open');

    // Issue 43: a submit with four of the five questions unanswered asks first, naming them; only its buttons close it.
    await page.getByTestId('quiz-submit').click();
    const confirm = page.getByRole('alertdialog', { name: 'Submit with unanswered questions?' });
    await expect(confirm).toContainText('4 questions are unanswered. Submit anyway?');
    await confirm.getByRole('button', { name: 'Keep answering' }).click();
    await expect(confirm).toBeHidden();
    expect((await read()).status).toBe('open');
    await page.getByTestId('quiz-submit').click();
    await confirm.getByRole('button', { name: 'Submit anyway' }).click();
    await expect(page.getByTestId('quiz-result')).toBeVisible();
    await expect(page.getByTestId('quiz-result-automatic')).toHaveCount(0);
    expect((await read()).status).toBe('finished');
  } finally {
    await releaseClocks(page);
  }
});
