// `node bench/decrypt-media-check.mjs`: a browser check of the client media modules against the real
// server, in Debian's Chromium, with the server's CSP (server/http/security-headers.ts) on the page.
// The page (bench/decrypt-media-check.html) is served by Vite (it imports the app's TS sources),
// with /api proxied to a server started on a fresh data directory. Prints what it saw; exit 1 on a
// failure or a CSP violation. Not a benchmark: a check that the pieces work together in a browser.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { createServer } from 'vite';

const API_PORT = 8196;
const PAGE_PORT = 8197;
const root = fileURLToPath(new URL('..', import.meta.url));
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage', '--autoplay-policy=no-user-gesture-required'];
const kebab = (s) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

const dataDir = mkdtempSync(join(tmpdir(), 'agent-academy-media-check-'));
const api = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(API_PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, SMTP_URL: '', SINGLE_DEVICE_SESSIONS: '0' },
  stdio: 'ignore',
});
let vite;
let browser;
let failed;
try {
  for (let t = Date.now(); ; ) {
    if (Date.now() - t > 90_000) throw new Error('server did not start');
    if (await fetch(`http://127.0.0.1:${API_PORT}/api/app-config`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 300));
  }
  let csp = '';
  vite = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    server: { port: PAGE_PORT, strictPort: true, host: '127.0.0.1', hmr: false, proxy: { '/api': `http://127.0.0.1:${API_PORT}` } },
    plugins: [
      {
        name: 'server-csp',
        configureServer(server) {
          server.middlewares.use((req, res, next) => {
            if (req.url?.startsWith('/bench/decrypt-media-check.html')) res.setHeader('Content-Security-Policy', csp);
            next();
          });
        },
      },
    ],
  });
  const { CONTENT_SECURITY_POLICY } = await vite.ssrLoadModule('/server/http/security-headers.ts');
  csp = Object.entries(CONTENT_SECURITY_POLICY).map(([k, v]) => `${kebab(k)} ${v.join(' ')}`).join('; ');
  await vite.listen();
  console.log(`CSP: ${csp}`);
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS });
  const page = await browser.newPage();
  page.on('console', (m) => m.type() === 'error' && console.log(`  console: ${m.text()}`));
  await page.goto(`http://127.0.0.1:${PAGE_PORT}/bench/decrypt-media-check.html`);
  await page.waitForFunction(() => document.getElementById('status')?.textContent === 'ready', null, { timeout: 60_000 });
  const result = await page.evaluate(() => window.runMediaCheck());
  console.log(JSON.stringify(result, null, 2));
  const hls = result.hls;
  failed = result.violations.length > 0 || typeof hls !== 'object' || hls.fatal !== null || !(hls.currentTime >= 1);
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  await browser?.close();
  await vite?.close();
  api.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
