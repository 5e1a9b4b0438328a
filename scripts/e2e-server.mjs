// Starts the real server for the Playwright journeys on a fresh embedded database (a new temp
// DATA_DIR each run) and removes that directory when it stops. With E2E_DATA_DIR it uses (and
// keeps) that directory instead: a journey that stops and restarts the server keeps its data.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const keep = Boolean(process.env.E2E_DATA_DIR);
const dataDir = process.env.E2E_DATA_DIR || mkdtempSync(join(tmpdir(), 'agent-academy-e2e-'));
const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: process.env.E2E_PORT ?? '8181',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_MODE: '1',
    SMTP_URL: '',
  },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', (code) => {
  if (!keep) rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
