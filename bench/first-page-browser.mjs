// What a real browser downloads to show the first pages, measured in Debian's Chromium against the
// real server: every script fetched until the page is idle, gzipped. This includes the chunks the
// app awaits at boot (the session's XState code) and the lazy route chunks of that page, which the
// initial-bundle figure used to leave out (first-page-bundle.mjs counts them since ADR 082); it is
// reported beside it so neither hides the other.
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, signInAsAgent, startBenchServer } from './bench-server.mjs';

const PORT = Number(process.env.BENCH_BROWSER_PORT ?? 8192);
/** Growth guard, not issue 44's 150 KB goal (first-page-bundle.mjs prints the build's figure against it). */
export const PAGE_SCRIPTS_CEILING_KB = 200;

async function scriptsFor(browser, base, path, signIn) {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (signIn) await signInAsAgent(page, base);
  const sizes = new Map();
  const pending = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(response.body().then((body) => sizes.set(response.url(), gzipSync(body, { level: 9 }).length), () => {}));
  });
  await page.goto(`${base}${path}`);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  await context.close();
  const bytes = [...sizes.values()].reduce((a, b) => a + b, 0);
  return { name: `all JavaScript to show ${path}${signIn ? ' (signed in)' : ''} (gzip)`, value: Math.round(bytes / 1024), unit: 'KB', budget: PAGE_SCRIPTS_CEILING_KB, notes: [`${sizes.size} scripts`] };
}

export async function firstPageInBrowser() {
  const { base, stop } = await startBenchServer(PORT);
  try {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      return [await scriptsFor(browser, base, '/login', false), await scriptsFor(browser, base, '/main', true)];
    } finally {
      await browser.close();
    }
  } finally {
    await stop();
  }
}
