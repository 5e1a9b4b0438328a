import { expect, type Page } from '@playwright/test';

// ADR 005: journeys take time from clocks they move, never from the wall clock. The page's clock is
// Playwright's page.clock (the whole browser context's); a server started with E2E_CLOCK=1
// (server/testing/e2e-clock.ts) has one the journey moves too, so a token's expiry or a refresh
// follows the time the page is shown. Both stand still between the journey's steps: what a step
// checks cannot depend on how fast a loaded machine runs it.

interface ServerClock {
  now: number;
  paused: boolean;
}

async function serverClock(page: Page, body?: object): Promise<ServerClock> {
  const res = body === undefined ? await page.request.get('/__e2e/clock') : await page.request.post('/__e2e/clock', { data: body });
  expect(res.status(), `the server's test clock (E2E_CLOCK=1): ${await res.text()}`).toBe(200);
  return (await res.json()) as ServerClock;
}

/** Before the page loads: the page's clock starts at the server's time and runs (the app boots on timers). */
export async function installClocks(page: Page): Promise<void> {
  const { now } = await serverClock(page);
  await page.clock.install({ time: now });
}

/** Both clocks jump to `ms` (at least a moment ahead of both) and stand there. */
export async function pauseClocksAt(page: Page, ms: number): Promise<void> {
  await serverClock(page, { pauseAt: ms });
  await page.clock.pauseAt(ms);
}

/** Both clocks stand at a whole second a little ahead of where they are. */
export async function pauseClocks(page: Page): Promise<number> {
  return alignClocks(page);
}

/** Time passes on both: the server's first, then the page's, firing every timer due on the way. */
export async function runClocksFor(page: Page, ms: number): Promise<void> {
  await serverClock(page, { advance: ms });
  await page.clock.runFor(ms);
}

/** Both run again from where they stand (a page load needs running timers). */
export async function resumeClocks(page: Page): Promise<void> {
  await serverClock(page, { resume: true });
  await page.clock.resume();
}

/**
 * Both clocks stand together at a whole second a little ahead of both, whichever is ahead: also
 * after the server restarted (its new clock starts at the system's time, the page's stands where
 * the journey left it), and when the page's clock has run a moment ahead of the server's (seen on
 * a loaded machine: `pauseClocks`, which reads the server's only, would then ask the page to go back).
 */
export async function alignClocks(page: Page): Promise<number> {
  // On a loaded machine the running page clock may pass the chosen moment before it is told to stand
  // there ("Cannot fast-forward to the past"): then choose again, a little further ahead.
  for (let attempt = 1; ; attempt++) {
    const { now: serverNow } = await serverClock(page);
    const pageNow = await page.evaluate(() => Date.now());
    const at = Math.ceil((Math.max(serverNow, pageNow) + 1_000 * attempt) / 1_000) * 1_000;
    try {
      await pauseClocksAt(page, at);
      return at;
    } catch (error) {
      if (attempt >= 4 || !/to the past/.test(String(error))) throw error;
    }
  }
}

/** After a journey (also a failed one): both clocks run again, for the next journey and the audit. */
export async function releaseClocks(page: Page): Promise<void> {
  await page.request.post('/__e2e/clock', { data: { resume: true } }).catch(() => undefined);
  await page.clock.resume().catch(() => undefined);
}

/** The server's clock now. */
export async function serverNow(page: Page): Promise<number> {
  return (await serverClock(page)).now;
}

/** The server's clock alone moves forward by `ms` (for what only the server decides by its time, such as a TOTP step). */
export async function advanceServerClock(page: Page, ms: number): Promise<number> {
  return (await serverClock(page, { advance: ms })).now;
}
