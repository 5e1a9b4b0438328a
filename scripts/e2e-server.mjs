// Starts the real server for the Playwright journeys on a fresh embedded database (a new temp
// DATA_DIR each run) and removes that directory when it stops. With E2E_DATA_DIR it uses (and
// keeps) that directory instead: a journey that stops and restarts the server keeps its data.
// With E2E_POSTGRES_ADMIN_URL (a PostgreSQL role that may create databases: TEST_DATABASE_URL) the
// server runs on PostgreSQL instead (DATABASE_URL): a fresh database, dropped when it stops (ADR 020).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';

const keep = Boolean(process.env.E2E_DATA_DIR);
const dataDir = process.env.E2E_DATA_DIR || mkdtempSync(join(tmpdir(), 'agent-academy-e2e-'));
const adminUrl = process.env.E2E_POSTGRES_ADMIN_URL;
const admin = adminUrl ? postgres(adminUrl, { max: 1, onnotice: () => {} }) : undefined;
const database = `aa_e2e_${process.pid}_${randomBytes(3).toString('hex')}`;
let databaseUrl = '';
if (admin) {
  await admin.unsafe(`create database ${database}`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  databaseUrl = url.toString();
}

const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: process.env.E2E_PORT ?? '8181',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    DEMO_MODE: '1',
    SMTP_URL: '',
  },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', async (code) => {
  if (!keep) rmSync(dataDir, { recursive: true, force: true });
  if (admin) {
    await admin.unsafe(`drop database if exists ${database} with (force)`).catch((error) => console.error(`e2e-server: ${error.message}`));
    await admin.end({ timeout: 5 });
  }
  process.exit(code ?? 0);
});
