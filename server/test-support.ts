import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HEADER, XSRF_COOKIE } from '../src/config/constants';
import { createApp } from './app';
import { createManualClock, type ManualClock } from './clock';
import { testConfig, type ServerConfig } from './config';
import { MIGRATIONS_FOLDER, openDatabase, type Database } from './db/client';
import { seedIfEmpty } from './db/seed';
import { createMailer, type Mailer } from './mail/mailer';
import { createBackgroundTasks } from './tasks';

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
export const TEST_CLIENT_ID = '3f9c2a4e-8b1d-4c6f-9e2a-7d5b1c0a9f31';

// A fresh PGlite takes seconds to create and migrate; a migrated and seeded copy loads in well
// under one. The copy is kept in the temp folder, keyed by the migrations and the seed, and
// shared by every test file (written atomically: files run in parallel).
async function templateDump(): Promise<Blob> {
  const hash = createHash('sha256');
  const files = readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: 'utf8' }).sort();
  for (const f of files) {
    const full = path.join(MIGRATIONS_FOLDER, f);
    if (f.endsWith('.sql') || f.endsWith('.json')) hash.update(f).update(readFileSync(full));
  }
  hash.update(readFileSync(fileURLToPath(new URL('./db/seed.ts', import.meta.url))));
  const file = path.join(tmpdir(), `agent-academy-test-db-${hash.digest('hex').slice(0, 16)}.tar.gz`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const fresh = await openDatabase({ kind: 'memory' });
  await seedIfEmpty(fresh.db);
  const dump = await fresh.pglite!.dumpDataDir('gzip');
  await fresh.close();
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, Buffer.from(await dump.arrayBuffer()));
  renameSync(temp, file);
  return dump;
}

export interface TestRequestInit extends RequestInit {
  /** Sent as "Authorization: Bearer <token>". */
  token?: string;
  /** JSON-encodes this as the body (with its content type). */
  json?: unknown;
  /** false: do not add X-XSRF-TOKEN (the cookie is still sent). */
  xsrf?: boolean;
  /** The socket's remote address, as @hono/node-server would give it (else none: "unknown"). */
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
}

/** An app on its own in-memory, migrated and seeded database, for API tests. */
export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const database = await openDatabase({ kind: 'memory', loadDataDir: await templateDump() });
  const config = testConfig(options.config);
  const clock = createManualClock(Date.now());
  const log = options.log ?? (() => {});
  const mailer = options.mailer?.(database) ?? createMailer({ smtpUrl: config.smtpUrl, db: database.db, from: config.mailFrom, log });
  const tasks = createBackgroundTasks(log);
  const { app, services } = createApp({ config, db: database.db, secret: TEST_SECRET, mailer, clock, log, tasks });

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
    const env = remoteAddress ? { incoming: { socket: { remoteAddress } } } : undefined;
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
    },
  };
}
