import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type ServerProcess } from './server-process';
import { alignClocks, installClocks, releaseClocks, resumeClocks, runClocksFor } from './clock';
import { signIn, storedToken } from './support';

// Issue 5 "Must show": the learning journeys. This project's server is started (and stopped and
// restarted) by the journeys themselves, on its own data directory, with its test clock on
// (E2E_CLOCK=1).
// ADR 005: no journey here sleeps or reads the wall clock. The on-screen timer counts by the page's
// clock and the server credits by its own, only inside a viewing it saw begin and never more than
// its own time since (ADR 010, 012): so the journeys move both clocks together (tests/e2e/clock.ts)
// and a stretch of N seconds on screen is N seconds run on both, not N seconds waited. Where media
// plays (a video in real time, hls.js loading on the page's timers) both clocks run at the real
// rate, from the same instant. The time credited is compared with the time the timer showed.

let server: ServerProcess;
let dataDir: string;
const learningPort = Number(process.env.E2E_PORT ?? 8181) + 3;
const serverEnv = { E2E_CLOCK: '1' };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // A first start creates and seeds a database (and may start twice, see startServer).
  test.setTimeout(180_000);
  dataDir = mkdtempSync(join(tmpdir(), 'agent-academy-learning-'));
  server = await startServer(learningPort, dataDir, { fresh: true, env: serverEnv });
});

// A journey that moved the clocks leaves them running, even when it failed.
test.afterEach(async ({ page }) => releaseClocks(page));

test.afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

interface CourseItem {
  id: string;
  title: string;
  kind: string;
  completed: boolean;
  /** reading: seconds on screen needed to complete it. */
  required_seconds: number;
  /** Seconds the server has credited on the item. */
  duration: number;
  attachment: { id: string; type: string } | null;
}

async function courseItems(page: Page, courseId: string): Promise<CourseItem[]> {
  const token = await storedToken(page);
  const res = await page.request.get(`/api/courses/${courseId}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  const course = (await res.json()) as { lessons: { items: CourseItem[] }[] };
  return course.lessons.flatMap((l) => l.items);
}

async function serverTotal(page: Page, courseId: string): Promise<number> {
  const token = await storedToken(page);
  const res = await page.request.get(`/api/on_screen_log/course/${courseId}/total`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { total_duration?: number };
  expect(body.total_duration, 'the course is not completed').toBeDefined();
  return body.total_duration!;
}

/** The course's time on screen the timer shows now (whole seconds; -1 while it shows no time). */
const timerSeconds = (page: Page) =>
  page.evaluate(() => {
    const time = document.querySelector('[data-testid="on-screen-timer"] time')?.getAttribute('datetime') ?? '';
    const match = /^PT(\d+)S$/.exec(time);
    return match ? Number(match[1]) : -1;
  });

/** Waits until the timer counts; returns the course's time on screen it shows then. */
async function counting(page: Page): Promise<number> {
  await expect(page.getByTestId('on-screen-timer')).toHaveAttribute('data-status', 'counting', { timeout: 15_000 });
  return timerSeconds(page);
}

/** Checks the timer shows at least `seconds` more than `from` (after the clocks ran for them); returns what it shows. */
async function timerReaches(page: Page, from: number, seconds: number): Promise<number> {
  await expect.poll(() => timerSeconds(page), { message: `the on-screen timer counts ${seconds} s from ${from}` }).toBeGreaterThanOrEqual(from + seconds);
  return timerSeconds(page);
}

/**
 * `seconds` on screen, on both clocks: they stand, then run `seconds` together (the page's timer
 * ticks through them, the server's clock passes them); returns what the timer shows at the start.
 * With `keepStanding` the clocks stay stood afterwards; otherwise they run on (media, page loads).
 */
async function onScreenFor(page: Page, seconds: number, { keepStanding = false } = {}): Promise<{ from: number; to: number }> {
  // Counting first (on an item just opened, only once the server saw its viewing begin, ADR 012).
  await counting(page);
  await alignClocks(page);
  const from = await timerSeconds(page);
  await runClocksFor(page, seconds * 1000);
  const to = await timerReaches(page, from, seconds);
  if (!keepStanding) await resumeClocks(page);
  return { from, to };
}

/** Muted, as a browser allows without a gesture; the learner's play button does the same. */
const play = (page: Page) =>
  page.getByTestId('attachment-video').evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    // hls.js may replace the source while play() is pending (AbortError): ask again, a few times.
    for (let attempt = 1; ; attempt++) {
      try {
        return await v.play();
      } catch (error) {
        if (attempt >= 5 || (error as Error).name !== 'AbortError') throw error;
        if (v.readyState < 3) await new Promise((resolve) => v.addEventListener('canplay', resolve, { once: true }));
      }
    }
  });

test('agent01 plays the encrypted HLS video, reads the PDF to its last page, and the course total grows by the time spent', async ({ page }) => {
  test.setTimeout(90_000);
  await installClocks(page);
  await signIn(page, 'agent01');
  const items = await courseItems(page, '1');
  const videoAt = items.findIndex((i) => i.attachment?.type === 'mp4');
  const video = items[videoAt];
  const pdf = items[videoAt + 1];
  expect(pdf.attachment?.type, 'the PDF follows the video in the demo course').toBe('pdf');
  const before = await serverTotal(page, '1');

  const streamed: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/stream')) streamed.push(decodeURIComponent(r.url()));
  });
  await page.goto('/course/1');
  await page.getByRole('link', { name: video.title }).first().click();
  await expect(page).toHaveURL(new RegExp(`/lesson/1/${video.id}$`));
  // The timer shows the course's total so far and counts this visit on top (the wait for the
  // total counts too): what it shows when the learner leaves is what must be credited.
  await counting(page);

  const player = page.getByTestId('attachment-video');
  await expect(player).toBeVisible({ timeout: 20_000 });
  // The encrypted HLS rendition (hls.js, key from the API), not the mp4 file.
  await expect(page.locator('.attachment-viewer')).toHaveAttribute('data-status', 'streaming');
  await play(page);
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(1.5);
  expect(await player.evaluate((v: HTMLVideoElement) => v.src.startsWith('blob:')), 'hls.js plays through a MediaSource').toBe(true);
  const base = `/api/attachments/${video.attachment!.id}/`;
  expect(streamed.some((u) => u.includes(`${base}stream?uri=`) && u.includes('.ts')), 'segments come from the stream endpoint').toBe(true);
  expect(streamed.some((u) => u.includes(`${base}stream_key`)), 'the key comes from the authorised key endpoint').toBe(true);
  // Three seconds more on the video, on both clocks (the timer showed at least `before` already).
  const { to: onVideo } = await onScreenFor(page, 3);
  expect(onVideo).toBeGreaterThanOrEqual(before + 3);

  // The learner goes on to the next item, the PDF: the course's time keeps counting.
  await page.getByTestId('next-item').click();
  await expect(page).toHaveURL(new RegExp(`/lesson/1/${pdf.id}$`));
  await expect(page.getByTestId('pdf-page')).toContainText('1', { timeout: 20_000 });
  for (let n = 2; n <= 4; n++) {
    await page.getByTestId('pdf-next').click();
    await expect(page.getByTestId('pdf-page')).toContainText(String(n));
  }
  await expect(page.getByTestId('pdf-next')).toBeDisabled();
  // A second on the PDF; the clocks then stand, so the timer counts nothing more before the learner leaves.
  await onScreenFor(page, 1, { keepStanding: true });

  // Leaving the course's items ends the record; it is sent at once.
  const left = await timerSeconds(page);
  expect(left).toBeGreaterThanOrEqual(onVideo + 1);
  await page.getByRole('navigation', { name: 'Course and lesson' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/course\/1$/);
  const spent = left - before;
  expect(spent, 'the timer counted the time on both items').toBeGreaterThanOrEqual(4);
  await expect.poll(() => serverTotal(page, '1'), { timeout: 15_000 }).toBeGreaterThanOrEqual(before + Math.floor(spent) - 2);
  const after = await serverTotal(page, '1');
  expect(Math.abs(after - before - spent), `counted ${after - before} s for ${spent} s on screen`).toBeLessThanOrEqual(2);
});

test('a reading that needs N seconds is complete after N seconds on screen, here and on the server', async ({ page }) => {
  test.setTimeout(90_000);
  await installClocks(page);
  await signIn(page, 'agent02');
  const reading = (await courseItems(page, '1')).find((i) => i.kind === 'reading')!;
  expect(reading.completed, 'not read before').toBe(false);
  const needed = reading.required_seconds - reading.duration;
  expect(needed, 'the demo reading needs some seconds').toBeGreaterThan(2);

  await page.goto(`/lesson/1/${reading.id}`);
  await counting(page);
  const left = page.getByTestId('reading-left');
  await expect(left).toBeVisible();
  // The clocks stand; the page says how many seconds are left (some may have passed while it loaded).
  await alignClocks(page);
  const leftSeconds = async () => Number(/(\d+) more second/.exec((await left.textContent()) ?? '')?.[1] ?? NaN);
  const remaining = await leftSeconds();
  expect(remaining, 'seconds left to read').toBeLessThanOrEqual(needed);
  expect(remaining, 'seconds left to read').toBeGreaterThan(1);
  // One second short of it, on both clocks: not complete, one second left.
  const from = await timerSeconds(page);
  await runClocksFor(page, (remaining - 1) * 1000);
  await timerReaches(page, from, remaining - 1);
  await expect(left).toHaveText('Keep this page on screen for 1 more second to complete it.');
  await expect(page.getByTestId('item-completed')).toHaveCount(0);
  // One more: complete.
  await runClocksFor(page, 1_000);
  await expect(page.getByTestId('item-completed')).toBeVisible();
  await expect(left).toHaveCount(0);

  // Leaving sends the record: the server, counting by its own clock within the viewing, completes it too.
  await page.getByRole('navigation', { name: 'Course and lesson' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/course\/1$/);
  await expect.poll(async () => (await courseItems(page, '1')).find((i) => i.id === reading.id)?.completed, { message: 'the server completed the reading' }).toBe(true);
  await expect(page.getByTestId('lesson-item').filter({ hasText: reading.title })).toHaveClass(/lesson-item--completed/);
});

test('a tampered encrypted file is refused with a message', async ({ page }) => {
  await signIn(page, 'agent02');
  const items = await courseItems(page, '1');
  const image = items.find((i) => i.attachment?.type === 'png')!;
  // Something between the server and the browser changes one byte of the stored file.
  await page.route('**/api/files/**', async (route) => {
    const response = await route.fetch();
    const body = Buffer.from(await response.body());
    body[body.length >> 1] ^= 0xff;
    await route.fulfill({ response, body });
  });
  await page.goto(`/lesson/1/${image.id}`);
  await expect(page.getByTestId('attachment-error')).toContainText('The file has been changed since it was published, so it is not shown.', { timeout: 20_000 });
  await expect(page.getByTestId('attachment-image')).toHaveCount(0);
});

test('a learner likes an attachment and takes the like back; the server keeps the count', async ({ page }) => {
  await signIn(page, 'agent02');
  const items = await courseItems(page, '1');
  const poster = items.find((i) => i.attachment?.type === 'png')!;
  const serverLike = async () => {
    const token = await storedToken(page);
    const res = await page.request.get(`/api/attachments/${poster.attachment!.id}`, { headers: { Authorization: `Bearer ${token}` } });
    return (await res.json()) as { liked: boolean; likes: number };
  };
  const before = await serverLike();
  expect(before.liked).toBe(false);

  await page.goto(`/lesson/1/${poster.id}`);
  const like = page.getByTestId('attachment-like');
  await expect(like).toHaveAttribute('aria-pressed', 'false', { timeout: 20_000 });
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('attachment-like-count')).toHaveText(String(before.likes + 1));
  await expect.poll(serverLike).toMatchObject({ liked: true, likes: before.likes + 1 });

  // Still liked after a reload; then taken back.
  await page.reload();
  await expect(like).toHaveAttribute('aria-pressed', 'true', { timeout: 20_000 });
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(serverLike).toMatchObject({ liked: false, likes: before.likes });
});

test('with the server stopped mid-view the record survives a reload and is sent once when it is back', async ({ page }) => {
  test.setTimeout(150_000);
  await installClocks(page);
  await signIn(page, 'agent03');
  const items = await courseItems(page, '1');
  const reading = items.find((i) => i.kind === 'reading')!;
  const before = await serverTotal(page, '1');

  await page.goto(`/lesson/1/${reading.id}`);
  await counting(page);
  // Two seconds on both clocks, which then stand.
  const { from: started } = await onScreenFor(page, 2, { keepStanding: true });
  await server.stop();
  // The timer counts on while the server is away: three seconds more on the page's clock (the
  // server has none now).
  await page.clock.runFor(3_000);
  const ended = await timerReaches(page, started, 5);
  // The learner reloads while the server is away: the page cannot load, the record stays stored.
  await page.reload().catch(() => undefined);
  server = await startServer(learningPort, dataDir, { env: serverEnv });
  // The new server's clock starts at the system's time: both clocks stand together again, then
  // run (a page load needs running timers).
  await alignClocks(page);
  await resumeClocks(page);

  await page.goto(`/lesson/1/${reading.id}`);
  await counting(page);
  // This second view counts nothing while the record of the first is checked.
  await alignClocks(page);
  // The timer showed the course's total (`before`) when it began: the record holds all it counted
  // since, also what ran on the real clock before the journey stood the clocks.
  const spent = ended - before;
  await expect.poll(() => serverTotal(page, '1'), { timeout: 20_000 }).toBeGreaterThanOrEqual(before + Math.floor(spent) - 2);
  const sent = await serverTotal(page, '1');
  expect(Math.abs(sent - before - spent)).toBeLessThanOrEqual(2);

  // Sent once: another set-up of the course (a reload) adds nothing more of that record.
  await resumeClocks(page);
  await page.goto('/main');
  await page.goto(`/course/1`);
  await expect(page.getByRole('heading', { name: 'Course' })).toBeVisible();
  // Whatever the set-up sends has been answered.
  await page.waitForLoadState('networkidle');
  const again = await serverTotal(page, '1');
  // Only the few seconds of the second view may be added, never the first record again.
  expect(again - sent).toBeLessThan(spent - 1);
});

// Issue 11 §2: the demo video (12 s, encrypted HLS) needs credited time ≥ its length − 2 s.
const videoItem = async (page: Page) => (await courseItems(page, '1')).find((i) => i.attachment?.type === 'mp4')!;
const videoTime = (page: Page) => page.getByTestId('attachment-video').evaluate((v: HTMLVideoElement) => v.currentTime);
/** Plays the video to its end and checks the item is ticked, here and on the course page. */
async function watchToEndAndSeeTicked(page: Page, video: CourseItem) {
  const finishes: number[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith(`/api/attachments/${video.attachment!.id}/finish`)) finishes.push(r.status());
  });
  await play(page);
  await expect.poll(() => page.getByTestId('attachment-video').evaluate((v: HTMLVideoElement) => v.ended), { timeout: 40_000 }).toBe(true);
  // The viewing's time went first: the finish is taken on this viewing, no second one needed.
  await expect(page.getByTestId('item-completed')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('finish-failed')).toHaveCount(0);
  expect(finishes).toEqual([204]);
  expect((await courseItems(page, '1')).find((i) => i.id === video.id)?.completed).toBe(true);
  await page.getByRole('navigation', { name: 'Course and lesson' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/course\/1$/);
  await expect(page.getByTestId('lesson-item').filter({ hasText: video.title })).toHaveClass(/lesson-item--completed/);
}

test('agent01 watches a video to its end once and the item is ticked', async ({ page }) => {
  test.setTimeout(120_000);
  // The video plays in real time: both clocks run at the real rate, from the same instant.
  await installClocks(page);
  await signIn(page, 'agent01');
  const video = await videoItem(page);
  expect(video.completed, 'not finished before').toBe(false);
  await page.goto(`/lesson/1/${video.id}`);
  await counting(page);
  await expect(page.locator('.attachment-viewer')).toHaveAttribute('data-status', 'streaming', { timeout: 20_000 });
  await watchToEndAndSeeTicked(page, video);
});

test('a reload in the middle of a video resumes near the position reached; seeking back is allowed, ahead is not; then it finishes', async ({ page }) => {
  test.setTimeout(150_000);
  // The video plays in real time: both clocks run at the real rate, from the same instant.
  await installClocks(page);
  await signIn(page, 'agent02');
  const video = await videoItem(page);
  expect(video.completed, 'not finished before').toBe(false);
  await page.goto(`/lesson/1/${video.id}`);
  await counting(page);
  await expect(page.locator('.attachment-viewer')).toHaveAttribute('data-status', 'streaming', { timeout: 20_000 });
  await play(page);
  await expect.poll(() => videoTime(page), { timeout: 20_000 }).toBeGreaterThan(5);
  const reached = await page.getByTestId('attachment-video').evaluate((v: HTMLVideoElement) => {
    v.pause();
    return v.currentTime;
  });

  await page.reload();
  await expect(page.locator('.attachment-viewer')).toHaveAttribute('data-status', 'streaming', { timeout: 20_000 });
  // Not 0:00: where the last viewing was.
  await expect.poll(() => videoTime(page), { timeout: 20_000 }).toBeGreaterThan(reached - 1);
  expect(await videoTime(page)).toBeLessThanOrEqual(reached + 1);

  // Back within what was watched (before the reload): allowed, no refusal shown.
  await page.getByTestId('attachment-video').evaluate((v: HTMLVideoElement) => {
    v.currentTime = 1;
  });
  await expect.poll(() => videoTime(page)).toBeLessThan(2);
  await expect(page.getByTestId('seeking-refused')).toHaveCount(0);
  // Ahead of the furthest point reached: put back, and said so.
  await page.getByTestId('attachment-video').evaluate((v: HTMLVideoElement) => {
    v.currentTime = 11;
  });
  await expect(page.getByTestId('seeking-refused')).toBeVisible();
  await expect.poll(() => videoTime(page)).toBeLessThanOrEqual(reached + 1);

  // Played on to its end in this second visit: the time of both visits counts, and it is ticked.
  await watchToEndAndSeeTicked(page, video);
});
