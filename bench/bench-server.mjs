// Starts the real server (built dist/, fresh embedded database) for a browser bench, and stops it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpsGet } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { SERVER_ARGS } from './server-command.mjs';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** What a browser on the bench's HTTPS server adds: the certificate is the bench's own, made for the run. */
export const CHROMIUM_TLS_ARGS = ['--ignore-certificate-errors'];

/** A certificate for 127.0.0.1 valid for a day, written into `dir` (the server's TLS_CERT_FILE, TLS_KEY_FILE). */
async function throwawayCertificate(dir) {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], { keySize: 2048, notAfterDate: new Date(Date.now() + 86_400_000), extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }] });
  writeFileSync(join(dir, 'cert.pem'), pems.cert);
  writeFileSync(join(dir, 'key.pem'), pems.private);
  return { TLS_CERT_FILE: join(dir, 'cert.pem'), TLS_KEY_FILE: join(dir, 'key.pem'), cert: pems.cert };
}

/** GET over HTTPS trusting `ca`: resolves with the status (Node's fetch cannot be given a CA). */
const httpsStatus = (url, ca) =>
  new Promise((resolve, reject) => {
    httpsGet(url, { ca }, (res) => {
      res.resume();
      resolve(res.statusCode);
    }).on('error', reject);
  });

/**
 * Resolves with `{ base, stop }` once the server answers /api/app-config. With `{ tls: true }` the
 * server speaks HTTPS with HTTP/2 as a deployment does (ADR 053: TLS_CERT_FILE and TLS_KEY_FILE, or a
 * load balancer in front), on a throwaway certificate; a browser then needs CHROMIUM_TLS_ARGS.
 */
export async function startBenchServer(port, { tls = false } = {}) {
  const base = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'agent-academy-bench-'));
  const certificate = tls ? await throwawayCertificate(dataDir) : null;
  const server = spawn(process.execPath, SERVER_ARGS, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SMTP_URL: '',
      SINGLE_DEVICE_SESSIONS: '0',
      ...(certificate ? { TLS_CERT_FILE: certificate.TLS_CERT_FILE, TLS_KEY_FILE: certificate.TLS_KEY_FILE } : {}),
    },
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
      const status = certificate ? await httpsStatus(`${base}/api/app-config`, certificate.cert) : (await fetch(`${base}/api/app-config`)).status;
      if (status === 200) return { base, stop };
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
