// What a real browser downloads to show the first pages, measured in Debian's Chromium against the
// real server: every script fetched until the page is idle, gzipped. This includes the chunks the
// app awaits at boot (the session's XState code) and the lazy route chunks of that page, which the
// initial-bundle figure leaves out; it is reported beside it so neither hides the other.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const PORT = 8192;
const base = `http://127.0.0.1:${PORT}`;
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
/** Growth guard, not the 150 KB target (that one applies to the initial bundle). */
export const PAGE_SCRIPTS_CEILING_KB = 200;

async function waitReady(deadline) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/app-config`)).ok) return true;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

async function scriptsFor(browser, path, signIn) {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (signIn) {
    await page.goto(`${base}/login`);
    await page.locator('input[autocomplete="username"], input').first().fill('agent01');
    await page.locator('input[type=password]').fill('Learner2026');
    await page.locator('button[type=submit]').click();
    await page.waitForURL(/\/main$/);
  }
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
  const dataDir = mkdtempSync(join(tmpdir(), 'agent-academy-bench-browser-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, SMTP_URL: '', SINGLE_DEVICE_SESSIONS: '0' },
    stdio: 'ignore',
  });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS });
  try {
    if (!(await waitReady(Date.now() + 60_000))) throw new Error('server did not start in 60 s');
    return [await scriptsFor(browser, '/login', false), await scriptsFor(browser, '/main', true)];
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
