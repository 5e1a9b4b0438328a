// Starts the real server on a fresh embedded database (loopback only), measures the cold start
// and the latency of a few calls with a bounded number of sequential requests, then stops it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { percentile } from './percentile.mjs';
import { SERVER_ARGS } from './server-command.mjs';

const PORT = 8191;
const base = `http://127.0.0.1:${PORT}`;

async function waitReady(deadlineMs) {
  while (Date.now() < deadlineMs) {
    try {
      const r = await fetch(`${base}/api/app-config`);
      if (r.ok) return true;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

async function timeMany(n, fn) {
  const times = [];
  for (let i = 0; i < n; i += 1) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b);
}

export async function apiLatency() {
  const dataDir = mkdtempSync(join(tmpdir(), 'agent-academy-bench-'));
  const started = Date.now();
  const server = spawn(process.execPath, SERVER_ARGS, {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, SMTP_URL: '' },
    stdio: 'ignore',
  });
  try {
    if (!(await waitReady(Date.now() + 60_000))) throw new Error('server did not start in 60 s');
    const coldStart = Date.now() - started;

    const cfg = await fetch(`${base}/api/app-config`);
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(cfg.headers.get('set-cookie') ?? '')?.[1] ?? '';
    const headers = { 'content-type': 'application/json', 'x-xsrf-token': decodeURIComponent(xsrf), cookie: `XSRF-TOKEN=${xsrf}` };
    const login = () => fetch(`${base}/api/auth/login`, { method: 'POST', headers, body: JSON.stringify({ external_id: 'agent01', password: 'Learner2026' }) });
    const token = await (await login()).text();

    const loginTimes = await timeMany(20, login);
    const userTimes = await timeMany(200, () => fetch(`${base}/api/users/current`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.arrayBuffer()));
    return [
      { name: 'server cold start, fresh database (ms)', value: coldStart, unit: 'ms', budget: 20_000 },
      { name: 'POST /api/auth/login p50 (argon2id, 20 runs)', value: Math.round(percentile(loginTimes, 50)), unit: 'ms', budget: 300 },
      { name: 'GET /api/users/current p95 (200 runs)', value: Math.round(percentile(userTimes, 95)), unit: 'ms', budget: 50 },
    ];
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
