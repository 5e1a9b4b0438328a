// Starts the real server for the Playwright journeys on a fresh embedded database (a new temp
// DATA_DIR each run) and removes that directory when it stops. With E2E_DATA_DIR it uses (and
// keeps) that directory instead: a journey that stops and restarts the server keeps its data.
// With E2E_POSTGRES_ADMIN_URL (a PostgreSQL role that may create databases: TEST_DATABASE_URL) the
// server runs on PostgreSQL instead (DATABASE_URL): a fresh database, dropped when it stops (ADR 020).
//
// ADR 038: creating a PGlite database and migrating it takes 8–9 s of CPU (more with several
// servers starting at once on 2 cores), and every journey server did it. The empty, migrated
// database is made once per set of migrations (a folder in the temp directory, keyed by the
// migration files and the PGlite version) and a new data directory starts as a copy of it. The
// server then seeds the copy itself as before, at its own start time, so the demo data (times
// relative to "now", the JWT secret) is exactly what a new database gets.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';

const MIGRATIONS = 'server/db/migrations';

function templateKey() {
  const hash = createHash('sha256');
  for (const f of readdirSync(MIGRATIONS, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = join(MIGRATIONS, f);
    if (statSync(full).isFile()) hash.update(f).update(readFileSync(full));
  }
  hash.update(readFileSync('node_modules/@electric-sql/pglite/package.json'));
  hash.update(readFileSync('server/db/client.ts'));
  return hash.digest('hex').slice(0, 16);
}

/** The migrated, empty PGlite directory to copy, made by the first server that needs it (the others
 *  starting at the same time wait for it); undefined if it cannot be made: the server then creates
 *  its database itself, as it always could. */
async function migratedTemplate() {
  const dir = join(tmpdir(), `agent-academy-e2e-pglite-${templateKey()}`);
  const lock = `${dir}.lock`;
  const deadline = Date.now() + 120_000;
  while (!existsSync(dir)) {
    let mine = false;
    try {
      mkdirSync(lock);
      mine = true;
    } catch {
      // Another server is making it; a lock older than two minutes was left by a killed process.
      if (Date.now() - statSync(lock, { throwIfNoEntry: false })?.mtimeMs > 120_000) rmSync(lock, { recursive: true, force: true });
    }
    if (mine) {
      const temp = `${dir}.${process.pid}.tmp`;
      try {
        rmSync(temp, { recursive: true, force: true });
        const made = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/e2e-pglite-template.ts', temp], { stdio: 'inherit' });
        if (made.status !== 0) return undefined;
        renameSync(temp, dir);
      } catch (error) {
        console.error(`e2e-server: no PGlite template (${error.message}); creating the database directly`);
        rmSync(temp, { recursive: true, force: true });
        return undefined;
      } finally {
        rmSync(lock, { recursive: true, force: true });
      }
      break;
    }
    if (Date.now() > deadline) return undefined;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return dir;
}

const keep = Boolean(process.env.E2E_DATA_DIR);
const dataDir = process.env.E2E_DATA_DIR || mkdtempSync(join(tmpdir(), 'agent-academy-e2e-'));
const adminUrl = process.env.E2E_POSTGRES_ADMIN_URL;
const admin = adminUrl ? postgres(adminUrl, { max: 1, onnotice: () => {} }) : undefined;
const database = `aa_e2e_${process.pid}_${randomBytes(3).toString('hex')}`;
let databaseUrl = '';
const pgliteDir = join(dataDir, 'pglite');
if (!admin && process.env.E2E_PGLITE_TEMPLATE !== '0' && !existsSync(pgliteDir)) {
  const template = await migratedTemplate();
  if (template) cpSync(template, pgliteDir, { recursive: true });
}
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
    // Every answer the journeys get is checked against its contract (ADR 061).
    ANSWER_CHECK: '1',
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
