import { expect, test } from './fixtures';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type ServerProcess } from './server-process';
import { signIn } from './support';

// Issue 13 "Must show": a mock exam in both modes with the stats updated. agent01 (two finished
// demo exams: 60 % failed, 80 % passed) answers a practice question and sees the server's
// explanation, then sits the exam (answers, submits, sees the result), and back on /mockexam the
// records, the figures and the chart count the new attempt. Its own server on a fresh database, so
// the demo's numbers are known; nothing here waits on time (no time-up), so no clock is moved. On a
// phone in Traditional Chinese: the overview, a practice question and the exam mode fit the width.

let server: ServerProcess;
let dataDir: string;
const mockPort = Number(process.env.E2E_PORT ?? 8181) + 7;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: `http://127.0.0.1:${mockPort}` });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = mkdtempSync(join(tmpdir(), 'agent-academy-mock-exams-'));
  server = await startServer(mockPort, dataDir, { fresh: true, env: { CONTINUAL_AUTH: '0' } });
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('en, desktop: a practice question shows its explanation; an exam is answered, reloaded and submitted; records, stats and chart count it', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'agent01');
  await page.goto('/mockexam');
  await expect(page.getByRole('heading', { level: 1, name: 'Mock exam' })).toBeVisible();
  await expect(page.getByTestId('mock-stats-total')).toHaveText('2');
  await expect(page.getByTestId('mock-stats-passed')).toHaveText('1');
  await expect(page.getByTestId('mock-stats-average')).toHaveText('70%');
  await expect(page.getByTestId('mock-record')).toHaveCount(2);
  await expect(page.getByTestId('mock-chart-bar')).toHaveCount(2);
  await expect(page.getByRole('img', { name: /Scores of your mock exams/ })).toBeVisible();

  // Practice: the first question, answered and checked: the server's answer and explanation.
  const paper = page.getByTestId('mock-paper').first();
  await paper.getByRole('button', { name: 'Practice' }).click();
  const question = page.getByTestId('mock-practice-question');
  await expect(question).toContainText('Question 1 of 40');
  await expect(page.getByTestId('mock-practice-check')).toBeDisabled();
  await question.getByRole('radio').first().check();
  await page.getByTestId('mock-practice-check').click();
  await expect(page.getByTestId('mock-practice-reveal')).toContainText(/Correct answer: /);
  await expect(page.getByTestId('mock-practice-explanation')).not.toBeEmpty();
  await page.getByTestId('mock-practice-next').click();
  await expect(question).toContainText('Question 2 of 40');
  await page.getByRole('button', { name: 'Back to mock exams' }).click();

  // Exam: the quiz attempt's intro, start, two answers saved, submit, the result.
  await page.getByTestId('mock-paper').first().getByRole('button', { name: 'Exam' }).click();
  await page.getByTestId('quiz-start').click();
  const exam = page.getByTestId('quiz-view');
  await expect(exam).toHaveAttribute('data-state', 'answering');
  await expect(page.getByTestId('quiz-time-left')).toHaveText(/^(60:00|59:\d\d)$/);
  await exam.getByRole('radio').first().check();
  await expect(page.getByTestId('quiz-save-status')).toHaveAttribute('data-save', 'saved');
  await page.getByTestId('quiz-next').click();
  await exam.getByRole('radio').first().check();
  await expect(page.getByTestId('quiz-save-status')).toHaveAttribute('data-save', 'saved');
  // A reload returns to the same exam question with its answer (the paper, mode and question are in the URL).
  await expect(page).toHaveURL(/\/mockexam\?paper=\d+&mode=exam&q=1$/);
  await page.reload();
  await expect(exam).toHaveAttribute('data-state', 'answering');
  await expect(exam.getByRole('radio').first()).toBeChecked();
  // Issue 43: 38 of the 40 questions are unanswered: the submit asks first, naming how many.
  await page.getByTestId('quiz-submit').click();
  const confirm = page.getByRole('alertdialog', { name: 'Submit with unanswered questions?' });
  await expect(confirm).toContainText('38 questions are unanswered. Submit anyway?');
  await confirm.getByRole('button', { name: 'Keep answering' }).click();
  await expect(confirm).toBeHidden();
  await expect(exam).toHaveAttribute('data-state', 'answering');
  await page.getByTestId('quiz-submit').click();
  await confirm.getByRole('button', { name: 'Submit anyway' }).click();
  await expect(exam).toHaveAttribute('data-state', 'result');
  await expect(page.getByTestId('quiz-result-score')).toHaveText(/^Score: [0-2] of 40$/);

  // Back on the overview: a third record, a third bar, the figures count it (failed: under 70 %).
  await page.getByRole('button', { name: 'Back to mock exams' }).click();
  await expect(page.getByTestId('mock-stats-total')).toHaveText('3');
  await expect(page.getByTestId('mock-stats-passed')).toHaveText('1');
  await expect(page.getByTestId('mock-record')).toHaveCount(3);
  await expect(page.getByTestId('mock-chart-bar')).toHaveCount(3);
  await expect(page.getByTestId('mock-record').first()).toContainText('Failed');
  const stats = await page.request.get('/api/mock_exams/stats', { headers: { Authorization: `Bearer ${await page.evaluate(() => sessionStorage.getItem('student-token'))}` } });
  expect(((await stats.json()) as { total_attempts: number }).total_attempts).toBe(3);
});

test('zh, phone: the overview, a practice question and an exam fit the width, in Traditional Chinese', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'agent01');
  await page.evaluate(() => localStorage.setItem('lang', 'zh'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/mockexam');
  await expect(page.getByRole('heading', { level: 1, name: '模擬考試' })).toBeVisible();
  await expect(page.getByTestId('mock-chart-bar').first()).toBeVisible();
  const noSidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  expect(await noSidewaysScroll()).toBe(true);
  await page.getByTestId('mock-paper').first().getByRole('button', { name: /練習/ }).click();
  // Issue 43: the exam of the first journey closed the practice it had left open: a new one starts at question 1.
  await expect(page.getByTestId('mock-practice-question')).toContainText('第 1 題，共 40 題');
  await page.getByTestId('mock-practice-question').getByRole('radio').first().check();
  await page.getByTestId('mock-practice-check').click();
  await expect(page.getByTestId('mock-practice-reveal')).toContainText('正確答案：');
  expect(await noSidewaysScroll()).toBe(true);

  // Exam mode on the phone: timed, an answer saved, submitted, the result, all in Traditional Chinese.
  await page.getByRole('button', { name: '返回模擬考試' }).click();
  await page.getByTestId('mock-paper').first().getByRole('button', { name: '考試', exact: true }).click();
  await page.getByTestId('quiz-start').click();
  const exam = page.getByTestId('quiz-view');
  await expect(exam).toHaveAttribute('data-state', 'answering');
  await expect(page.getByTestId('quiz-time-left')).toHaveText(/^(60:00|59:\d\d)$/);
  await exam.getByRole('radio').first().check();
  await expect(page.getByTestId('quiz-save-status')).toHaveText('所有答案已儲存');
  expect(await noSidewaysScroll()).toBe(true);
  await page.getByTestId('quiz-submit').click();
  const confirm = page.getByRole('alertdialog', { name: '仍有未作答的題目，確定提交？' });
  await expect(confirm).toContainText('有 39 條題目尚未作答，仍要提交嗎？');
  expect(await noSidewaysScroll()).toBe(true);
  await confirm.getByRole('button', { name: '仍然提交' }).click();
  await expect(exam).toHaveAttribute('data-state', 'result');
  await expect(page.getByTestId('quiz-result-score')).toHaveText(/^得分：[0-1] \/ 40$/);
  await expect(page.getByTestId('quiz-result-verdict')).toHaveText('不合格');
  await expect(page.getByTestId('quiz-fail-retry')).toHaveText('您未達合格分數。您可以重考：準備好後請按「重考」。');
  expect(await noSidewaysScroll()).toBe(true);
});
