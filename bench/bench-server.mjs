// Starts the real server (built dist/, fresh embedded database) for a browser bench, and stops it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_ARGS } from './server-command.mjs';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Resolves with `{ base, stop }` once the server answers /api/app-config. */
export async function startBenchServer(port) {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'agent-academy-bench-'));
  const server = spawn(process.execPath, SERVER_ARGS, {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SMTP_URL: '', SINGLE_DEVICE_SESSIONS: '0' },
    stdio: 'ignore',
  });
  const stop = async () => {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    rmSync(dataDir, { recursive: true, force: true });
  };
  // Generous: a fresh embedded database takes seconds, and much longer on a busy shared machine.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/app-config`)).ok) return { base, stop };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error('server did not start in 180 s');
}

/** Signs agent01 in through the real /login form of `page` (Playwright or Puppeteer). */
export async function signInAsAgent(page, base) {
  await page.goto(`${base}/login`);
  await page.waitForSelector('input[type=password]');
  await page.type('input[autocomplete="username"]', 'agent01');
  await page.type('input[type=password]', 'Learner2026');
  await Promise.all([page.waitForFunction(() => location.pathname === '/main'), page.click('button[type=submit]')]);
}
