import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { HEADER, XSRF_COOKIE } from '../src/config/constants';
import { createApp } from './app';
import { createManualClock, type ManualClock } from './clock';
import { dropTestDatabase } from './testing/drop-database';
import { testConfig, type ServerConfig } from './config';
import { MIGRATIONS_FOLDER, openDatabase, type Database } from './db/client';
import { seedIfEmpty } from './db/seed';
import { seedContentIfEmpty } from './db/seed-content';
import { createMailer, type Mailer } from './mail/mailer';
import { createFileStore } from './storage/file-store';
import { createBackgroundTasks } from './tasks';

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
export const TEST_CLIENT_ID = '3f9c2a4e-8b1d-4c6f-9e2a-7d5b1c0a9f31';

// A fresh PGlite takes seconds to create and migrate; a migrated and seeded copy loads in well
// under one. The template is a folder in the temp directory, keyed by the migrations, the seeds and
// the media fixtures, shared by every test file: db.tar.gz (the dump) and files/ (the attachment
// files the content seed wrote, which the dump's rows point at). It is built in a private folder
// and renamed into place, so files running in parallel never see half of it, and the dump and its
// files always come from the same seed.
//
// Every test context reads the template's files/ directly (no copy: it keeps createTestContext
// fast). A test must never write there: one that changes or tampers with stored files asks for
// `privateFiles: true` and gets its own copy.
interface Template {
  dump: Blob;
  filesDir: string;
}

function templateKey(): string {
  const hash = createHash('sha256');
  const add = (folder: string, keep: (file: string) => boolean) => {
    for (const f of readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
      const full = path.join(folder, f);
      if (keep(f) && statSync(full).isFile()) hash.update(f).update(readFileSync(full));
    }
  };
  add(MIGRATIONS_FOLDER, (f) => f.endsWith('.sql') || f.endsWith('.json'));
  add(fileURLToPath(new URL('./db/fixtures', import.meta.url)), () => true);
  for (const source of ['./db/seed.ts', './db/seed-content.ts', './db/seed-notifications.ts', './db/seed-management.ts', './db/seed-cpd.ts', './storage/attachment-crypto.ts', './domain/quizzes-scoring.ts']) hash.update(readFileSync(fileURLToPath(new URL(source, import.meta.url))));
  return hash.digest('hex').slice(0, 16);
}

let cachedTemplate: Promise<Template> | undefined;

function template(): Promise<Template> {
  cachedTemplate ??= loadTemplate();
  return cachedTemplate;
}

async function loadTemplate(): Promise<Template> {
  const dir = path.join(tmpdir(), `agent-academy-test-template-${templateKey()}`);
  const read = (): Template => ({ dump: new Blob([readFileSync(path.join(dir, 'db.tar.gz'))]), filesDir: path.join(dir, 'files') });
  if (existsSync(dir)) return read();
  const temp = `${dir}.${process.pid}.${Date.now()}.tmp`;
  mkdirSync(temp, { recursive: true });
  try {
    const fresh = await openDatabase({ kind: 'memory' });
    await seedIfEmpty(fresh.db);
    await seedContentIfEmpty(fresh.db, createFileStore(path.join(temp, 'files')));
    const dump = await fresh.pglite!.dumpDataDir('gzip');
    await fresh.close();
    writeFileSync(path.join(temp, 'db.tar.gz'), Buffer.from(await dump.arrayBuffer()));
    renameSync(temp, dir);
  } catch (error) {
    // Another test file finished first (the rename found the folder there): use its template.
    rmSync(temp, { recursive: true, force: true });
    if (!existsSync(dir)) throw error;
  }
  return read();
}

// On PostgreSQL (the `postgres` Vitest project, ADR 020) the same holds with a template database:
// migrated and seeded once per key into `aa_template_<key>` (with its files/ folder in the temp
// directory), then every test context gets its own database cloned from it with
// CREATE DATABASE … TEMPLATE (a file copy: no migration, no seed), dropped on close.
// TEST_DATABASE_URL is a role that may create databases; TEST_DATABASE=postgres selects this path.
const postgresAdminUrl = process.env.TEST_DATABASE === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
if (process.env.TEST_DATABASE === 'postgres' && !postgresAdminUrl) throw new Error('TEST_DATABASE=postgres needs TEST_DATABASE_URL (see README: PostgreSQL tests)');

/** The server's database `name`, at the admin URL's host and role. */
function databaseUrl(name: string): string {
  const url = new URL(postgresAdminUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

let adminClient: postgres.Sql | undefined;
function admin(): postgres.Sql {
  adminClient ??= postgres(postgresAdminUrl!, { max: 2, idle_timeout: 2, onnotice: () => {} });
  return adminClient;
}

// Test processes build the template one at a time (the others wait, then find it).
const TEMPLATE_LOCK_ID = 72_502_027;
let cachedPostgresTemplate: Promise<{ name: string; filesDir: string }> | undefined;

function postgresTemplate(): Promise<{ name: string; filesDir: string }> {
  cachedPostgresTemplate ??= loadPostgresTemplate();
  return cachedPostgresTemplate;
}

async function loadPostgresTemplate(): Promise<{ name: string; filesDir: string }> {
  const key = templateKey();
  const name = `aa_template_${key}`;
  const dir = path.join(tmpdir(), `agent-academy-test-template-pg-${key}`);
  const filesDir = path.join(dir, 'files');
  // An advisory lock belongs to a connection (and CREATE DATABASE runs outside transactions): one reserved connection.
  const sql = await admin().reserve();
  try {
    await sql`select pg_advisory_lock(${TEMPLATE_LOCK_ID})`;
    const [found] = await sql`select 1 from pg_database where datname = ${name}`;
    if (found && existsSync(filesDir)) return { name, filesDir };
    // A template without its files (or the reverse) is rebuilt: the rows point at the files.
    await sql.unsafe(`drop database if exists ${name} with (force)`);
    rmSync(dir, { recursive: true, force: true });
    const building = `${name}_building`;
    await sql.unsafe(`drop database if exists ${building} with (force)`);
    await sql.unsafe(`create database ${building}`);
    const temp = `${dir}.${process.pid}.tmp`;
    rmSync(temp, { recursive: true, force: true });
    const fresh = await openDatabase({ kind: 'postgres', url: databaseUrl(building) });
    try {
      await seedIfEmpty(fresh.db);
      await seedContentIfEmpty(fresh.db, createFileStore(path.join(temp, 'files')));
    } finally {
      await fresh.close();
    }
    renameSync(temp, dir);
    await sql.unsafe(`alter database ${building} rename to ${name}`);
    return { name, filesDir };
  } finally {
    await sql`select pg_advisory_unlock(${TEMPLATE_LOCK_ID})`;
    sql.release();
  }
}

let clones = 0;

/** A database of its own for one test context, cloned from the template; `drop` removes it. */
async function clonePostgresTemplate(): Promise<{ filesDir: string; database: Database; drop: () => Promise<void> }> {
  const template = await postgresTemplate();
  const name = `aa_test_${process.pid}_${(clones += 1)}_${randomBytes(3).toString('hex')}`;
  await admin().unsafe(`create database ${name} template ${template.name}`);
  // openDatabase still runs the migrator: it finds every migration applied (a check, not a migration).
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(name) });
  return { filesDir: template.filesDir, database, drop: () => dropTestDatabase(admin(), name) };
}

export interface TestRequestInit extends RequestInit {
  /** Sent as "Authorization: Bearer <token>". */
  token?: string;
  /** JSON-encodes this as the body (with its content type). */
  json?: unknown;
  /** false: do not add X-XSRF-TOKEN (the cookie is still sent). */
  xsrf?: boolean;
  /** The socket's remote address, as @hono/node-server would give it (default 127.0.0.1: the operator's browser). */
  remoteAddress?: string;
}

export interface TestContext {
  app: ReturnType<typeof createApp>['app'];
  services: ReturnType<typeof createApp>['services'];
  database: Database;
  clock: ManualClock;
  config: ServerConfig;
  /** Like a browser: keeps the XSRF cookie, sends it back, and echoes it in X-XSRF-TOKEN. */
  request(path: string, init?: TestRequestInit): Promise<Response>;
  /** The current XSRF cookie value (after at least one request). */
  xsrfCookie(): string | undefined;
  login(externalId: string, password: string): Promise<string>;
  /** Waits for work the app started in the background (e.g. reset emails). */
  settle(): Promise<void>;
  close(): Promise<void>;
}

export interface TestContextOptions {
  config?: Partial<ServerConfig>;
  mailer?: (database: Database) => Mailer;
  log?: (line: string) => void;
  /** Give this context its own copy of the template's attachment files (removed on close): for a
   * test that writes or tampers with stored files. Without it the shared template is read. */
  privateFiles?: boolean;
}

/** An app on its own migrated and seeded database (in-memory PGlite, or PostgreSQL: see above), for API tests. */
export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  let database: Database;
  let templateFiles: string;
  let dropDatabase = async () => {};
  if (postgresAdminUrl) {
    const clone = await clonePostgresTemplate();
    ({ database, filesDir: templateFiles } = clone);
    dropDatabase = clone.drop;
  } else {
    const { dump, filesDir } = await template();
    database = await openDatabase({ kind: 'memory', loadDataDir: dump });
    templateFiles = filesDir;
  }
  let filesDir = templateFiles;
  if (options.privateFiles) {
    filesDir = path.join(mkdtempSync(path.join(tmpdir(), 'agent-academy-test-files-')), 'files');
    cpSync(templateFiles, filesDir, { recursive: true });
  }
  const config = testConfig(options.config);
  const clock = createManualClock(Date.now());
  const log = options.log ?? (() => {});
  const mailer = options.mailer?.(database) ?? createMailer({ smtpUrl: config.smtpUrl, db: database.db, from: config.mailFrom, log });
  const tasks = createBackgroundTasks(log);
  const { app, services } = createApp({ config, db: database.db, secret: TEST_SECRET, mailer, clock, log, tasks, files: createFileStore(filesDir) });

  let cookie: string | undefined;
  const remember = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const match = new RegExp(`^${XSRF_COOKIE}=([^;]*)`).exec(line);
      if (match) cookie = match[1];
    }
  };

  async function request(url: string, init: TestRequestInit = {}): Promise<Response> {
    const { token, json, xsrf = true, remoteAddress, ...rest } = init;
    const method = (rest.method ?? 'GET').toUpperCase();
    if (cookie === undefined && method !== 'GET' && method !== 'HEAD') remember(await app.request('/api/app-config'));
    const headers = new Headers(rest.headers);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    if (cookie !== undefined && !headers.has('Cookie')) headers.set('Cookie', `${XSRF_COOKIE}=${cookie}`);
    if (xsrf && cookie !== undefined && method !== 'GET' && method !== 'HEAD' && !headers.has(HEADER.xsrf)) headers.set(HEADER.xsrf, cookie);
    let body = rest.body;
    if (json !== undefined) {
      body = JSON.stringify(json);
      if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    }
    // A browser on this machine unless told otherwise: the demo accounts sign in only from loopback (issue 43 §12).
    const env = { incoming: { socket: { remoteAddress: remoteAddress ?? '127.0.0.1' } } };
    const res = await app.request(url, { ...rest, method, headers, body }, env);
    remember(res);
    return res;
  }

  async function login(externalId: string, password: string): Promise<string> {
    const res = await request('/api/auth/login', {
      method: 'POST',
      json: { external_id: externalId, password },
      headers: { [HEADER.clientId]: TEST_CLIENT_ID },
    });
    if (res.status !== 200) throw new Error(`login ${externalId}: ${res.status} ${await res.text()}`);
    return res.text();
  }

  return {
    app,
    services,
    database,
    clock,
    config,
    request,
    xsrfCookie: () => cookie,
    login,
    settle: () => tasks.idle(),
    async close() {
      await tasks.idle();
      mailer.close();
      await database.close();
      await dropDatabase();
      if (filesDir !== templateFiles) rmSync(path.dirname(filesDir), { recursive: true, force: true });
    },
  };
}
