import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { inspect } from 'node:util';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { systemClock } from './clock';
import { resolveSecret } from './auth/secret';
import { loadConfig, type ServerConfig } from './config';
import { openDatabase } from './db/client';
import { DEMO_ACCOUNTS, markDemoAccounts, seedIfEmpty } from './db/seed';
import { seedContentIfEmpty } from './db/seed-content';
import { ensureCpdConfiguration } from './db/seed-cpd';
import { giveDemoSessionsTheirTrainer, keepDemoSessionToday } from './db/demo-session-today';
import { createMailer, type Mailer } from './mail/mailer';
import { demoOutboxServed } from './routes/demo.routes';
import { installDemoScormFiles } from './storage/scorm-packages';
import { createFileStore } from './storage/file-store';
import { finishOverdueMockAttempts } from './domain/mock-exams';
import { finishOverdueAttempts, QUIZ_SWEEP_INTERVAL_MS } from './domain/quizzes';
import { runCpdReminders } from './domain/cpd-reminders';
import { runLearningMapReminders } from './domain/learning-map-reminders';
import { buildAppConfig } from './domain/app-config';
import { createBackgroundTasks, repeatEvery } from './tasks';
import { isLoopbackHost } from './http/client-address';
import { tlsServeOptions } from './http/node-server';
import { createE2eClock, E2E_CLOCK_PATH, withE2eClock } from './testing/e2e-clock';

/** How often rows past their use are removed (ADR 041). */
const HOUSEKEEPING_INTERVAL_MS = 60_000;
/** ADR 087: how often each process looks for CPD reminders due (a reminder is sent once whoever looks). */
const CPD_REMINDERS_INTERVAL_MS = 10 * 60_000;
/** Longer than a proxy's idle timeout (commonly 60 s): see below. */
const KEEP_ALIVE_SECONDS = 65;

const startedAt = performance.now();
const log = (line: string) => console.log(line);
const projectRoot = fileURLToPath(new URL('..', import.meta.url));

function continualAuthLine({ continualAuth: a }: ServerConfig): string {
  if (!a.enabled) return 'continual authentication off (CONTINUAL_AUTH=0)';
  const unit = a.unitSeconds === 60 ? 'min' : a.unitSeconds === 1 ? 's' : `× ${a.unitSeconds} s`;
  return `continual authentication every ${a.min}–${a.max} ${unit}`;
}

function mailLine(config: ServerConfig, mailer: Mailer, url: string): string {
  if (mailer.kind === 'smtp') return 'SMTP (SMTP_URL)';
  if (demoOutboxServed(config, mailer)) return `no SMTP_URL: kept in the outbox, readable from this machine only at ${url}/api/demo/outbox`;
  // The outbox holds reset links: served beyond loopback, it would hand every account to anyone.
  return config.demoMode
    ? `no SMTP_URL: kept in the outbox (database table mail_outbox); /api/demo/outbox is off because HOST=${config.host} is not loopback`
    : 'no SMTP_URL: kept in the outbox (database table mail_outbox)';
}

function banner(config: ServerConfig, url: string, details: { database: string; mail: string; staticDir?: string; seeded: boolean; processes: string }): string {
  const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.externalId.length), 'agent code'.length);
  const rows = DEMO_ACCOUNTS.map((a) => `    ${a.externalId.padEnd(width)}  ${a.password.padEnd(12)}  ${a.name} — ${a.who}`);
  return [
    '',
    `Agent Academy is running on ${url}`,
    details.staticDir ? `  app:      ${url}/ (serving ${path.relative(projectRoot, details.staticDir) || details.staticDir})` : '  app:      not built (run `npm run build`, or `npm run dev` for Vite); only /api is served',
    `  API docs: ${url}/api/docs`,
    `  protocol: ${config.tls ? 'HTTPS, HTTP/2 or HTTP/1.1 (TLS_CERT_FILE, TLS_KEY_FILE)' : 'HTTP/1.1 (no TLS_CERT_FILE: for a load balancer that ends TLS, or this machine)'}`,
    `  database: ${details.database}${details.seeded ? ' (new: demo data seeded)' : ''}`,
    `  mail:     ${details.mail}`,
    `  processes: ${details.processes}`,
    config.demoMode
      ? '  demo:     DEMO_MODE=1 turns every feature on (mock exam, learning map, vocabulary, recommendations, discussions, offline courses)'
      : '  demo:     DEMO_MODE=0: the specification defaults (SPEC §9)',
    `  session:  ${config.sessionTimeoutSeconds} s timeout, warning ${config.sessionWarningSeconds} s before${config.twoFactorRequired ? ', two-factor required' : ''}${config.singleDeviceSessions ? ', one device per user' : ''}`,
    `  security: two-factor ${config.twoFactorRequired ? 'required for every account (TWO_FACTOR_REQUIRED=1)' : 'optional (TWO_FACTOR_REQUIRED=0)'}; ${continualAuthLine(config)}`,
    `            rate limits: after ${config.rateLimit.maxPerAccount} failures per account, ${config.rateLimit.maxPerAddress} per address in the last ${config.rateLimit.windowSeconds} s, each try waits 1 s, 2 s, 4 s … up to ${config.rateLimit.maxDelaySeconds} s (a browser that signed in before is not slowed by others); client address from ${config.trustProxy ? 'X-Forwarded-For (TRUST_PROXY=1)' : 'the socket'}`,
    '',
    '  Demo accounts:',
    `    ${'agent code'.padEnd(width)}  ${'password'.padEnd(12)}  who`,
    ...rows,
    '',
    `Started in ${Math.round(performance.now() - startedAt)} ms. Ctrl+C stops.`,
    '',
  ].join('\n');
}

/** The database, migrated, with the demo data and files in place: once, before any worker serves. */
async function prepare(config: ServerConfig) {
  const pgliteDir = path.join(config.dataDir, 'pglite');
  const database = await openDatabase(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl, pool: config.databasePool } : { kind: 'pglite', dataDir: pgliteDir });
  const seeded = await seedIfEmpty(database.db);
  // A database seeded before demo accounts were marked: they are signed in to from this machine only.
  if (!seeded) await markDemoAccounts(database.db);
  const files = createFileStore(path.join(config.dataDir, 'files'));
  const content = await seedContentIfEmpty(database.db, files);
  // Issue 45: the CPD ledger's GL24 configuration, in a database made before it (never overwritten).
  await ensureCpdConfiguration(database.db);
  // ADR 029: the demo SCORM package the seed lists is served from SCORM_DIR.
  installDemoScormFiles(config.scormDir);
  // The demo's classroom session 'today' stays today when the database is older than today.
  if (config.demoMode) {
    await keepDemoSessionToday(database.db, new Date());
    await giveDemoSessionsTheirTrainer(database.db);
  }
  log(`demo content: ${content.courses} courses`);
  // Generated once and kept in the database when JWT_SECRET is unset: every process reads the same.
  const secret = await resolveSecret(database.db, config.jwtSecret);
  return { database, seeded, files, secret, pgliteDir };
}

function serverUrl(config: ServerConfig): string {
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return `${config.tls ? 'https' : 'http'}://${host}:${config.port}`;
}

function databaseLine(config: ServerConfig, pgliteDir: string): string {
  return config.databaseUrl ? `PostgreSQL (DATABASE_URL)` : `PGlite in ${pgliteDir}`;
}

type Fetch = (request: Request, ...rest: never[]) => Response | Promise<Response>;

/** WORKER_HEADER=1 (tests and the load bench only): every answer names the process that served it. */
function withWorkerHeader<F extends Fetch>(fetch: F): F {
  const pid = String(process.pid);
  const tag = (res: Response): Response => {
    try {
      res.headers.set('X-Worker', pid);
      return res;
    } catch {
      const copy = new Response(res.body, res);
      copy.headers.set('X-Worker', pid);
      return copy;
    }
  };
  return (async (request: Request, ...rest: never[]) => tag(await fetch(request, ...rest))) as F;
}

/** The built app's folder, when `npm run build` made one. */
function builtApp(): string | undefined {
  const distDir = path.join(projectRoot, 'dist');
  return existsSync(path.join(distDir, 'index.html')) ? distDir : undefined;
}

/** What the banner says of this start; read before the primary closes its database connection. */
function startDetails(config: ServerConfig, prepared: Awaited<ReturnType<typeof prepare>>) {
  const url = serverUrl(config);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, db: prepared.database.db, from: config.mailFrom, log });
  const mail = mailLine(config, mailer, url);
  mailer.close();
  return { url, details: { database: databaseLine(config, prepared.pgliteDir), mail, staticDir: builtApp(), seeded: prepared.seeded } };
}

/** The TLS part of the server's options, its files read once at start (ADR 053); {} without TLS. */
type TlsOptions = ReturnType<typeof tlsServeOptions> | Record<string, never>;

/** One server process: the whole app on the port (alone, or as one of WORKERS sharing it). */
async function serveApp(config: ServerConfig, prepared: Awaited<ReturnType<typeof prepare>>, tls: TlsOptions, onListening: () => void): Promise<void> {
  const { database, files, secret } = prepared;
  const mailer = createMailer({ smtpUrl: config.smtpUrl, db: database.db, from: config.mailFrom, log });
  const tasks = createBackgroundTasks(log);
  const staticDir = builtApp();
  // ADR 005: the journeys' servers (scripts/e2e-server.mjs) let the journeys move their clock;
  // only in the demo, listening on loopback (and in one process: config.ts refuses WORKERS > 1 with it).
  const e2eClock = process.env.E2E_CLOCK === '1' && config.demoMode && isLoopbackHost(config.host) ? createE2eClock() : undefined;
  const { app, services } = createApp({ config, db: database.db, secret, mailer, staticDir, log, tasks, files, clock: e2eClock });
  const clock = e2eClock ?? systemClock;
  // ADR 025: an attempt the browser never came back to is finished at its deadline with its saved answers.
  // With several workers each sweeps: finishing locks the attempt row (FOR UPDATE) and skips a finished one (ADR 036).
  const stopQuizSweep = repeatEvery(tasks, 'quiz sweep', QUIZ_SWEEP_INTERVAL_MS, async () => {
    const finished = await finishOverdueAttempts(database.db, new Date(clock.now()));
    if (finished > 0) log(`quiz sweep: finished ${finished} attempt(s) past their deadline`);
    // ADR 028: exam-mode mock attempts follow the same rule.
    const mocks = await finishOverdueMockAttempts(database.db, new Date(clock.now()));
    if (mocks > 0) log(`quiz sweep: finished ${mocks} mock exam attempt(s) past their deadline`);
  });
  // ADR 041: rows that no rule reads any more (tokens past their lifetime, tries out of the rate
  // limit's window) go here, once a minute, instead of in every sign-in.
  const stopHousekeeping = repeatEvery(tasks, 'housekeeping', HOUSEKEEPING_INTERVAL_MS, async () => {
    await services.sessions.pruneExpiredTokens();
    await services.rateLimiter.pruneExpired();
  });
  // ADR 087: CPD reminders (60/30/14/7/1 days before the period ends, the upline's weekly list).
  // Every process runs it; cpd_reminders_sent's unique key lets one send each reminder.
  const stopCpdReminders = repeatEvery(tasks, 'cpd reminders', CPD_REMINDERS_INTERVAL_MS, async () => {
    await runCpdReminders(database.db, mailer, new Date(clock.now()), log);
  });
  // ADR 098: "learning map incomplete" 7 days and 1 day before an item's due day ends. Every process
  // runs it; learning_map_reminders_sent's unique key lets one notify each (item, threshold). Off with the feature.
  const stopLearningMapReminders = buildAppConfig(config).appEnabledFunction.learningMap
    ? repeatEvery(tasks, 'learning map reminders', CPD_REMINDERS_INTERVAL_MS, async () => {
        await runLearningMapReminders(database.db, new Date(clock.now()), log);
      })
    : () => {};
  let fetch = e2eClock ? withE2eClock(app.fetch, e2eClock) : app.fetch;
  if (process.env.WORKER_HEADER === '1') fetch = withWorkerHeader(fetch);
  if (e2eClock) log(`test clock: ${E2E_CLOCK_PATH} moves this server's clock (E2E_CLOCK=1, for the end-to-end journeys only)`);

  const server = serve({ fetch, port: config.port, hostname: config.host, ...tls }, onListening);
  // Node closes an idle kept-alive connection after 5 s; a client (a browser, a load balancer, a
  // test's request context) that sends on it at that moment gets ECONNRESET. Idle connections stay
  // open longer than the usual 60 s of proxies, so the client, not the server, closes them first.
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = KEEP_ALIVE_SECONDS * 1000;
    server.headersTimeout = (KEEP_ALIVE_SECONDS + 1) * 1000;
  }
  server.on('error', (error: NodeJS.ErrnoException) => {
    console.error(
      error.code === 'EADDRINUSE'
        ? `Agent Academy cannot start: port ${config.port} on ${config.host} is already in use (set PORT to another one).`
        : `Agent Academy cannot start: ${error.message}`,
    );
    void database.close().finally(() => process.exit(1));
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(cluster.isWorker ? `worker ${process.pid}: ${signal}: stopping...` : `${signal}: stopping...`);
    // Force the exit if open connections keep the server from closing.
    setTimeout(() => process.exit(1), 10_000).unref();
    stopQuizSweep();
    stopHousekeeping();
    stopCpdReminders();
    stopLearningMapReminders();
    server.close(async () => {
      await tasks.idle();
      mailer.close();
      await database.close();
      if (!cluster.isWorker) log('Stopped.');
      process.exit(0);
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

/**
 * WORKERS > 1 (ADR 036): this process prepares the database once (migrations, demo data), then
 * forks the workers, which share the port (node:cluster hands the connections round). A worker that
 * dies after it served is replaced; one that cannot start stops them all. SIGTERM and SIGINT are
 * passed on, and this process exits when every worker has stopped.
 */
async function runPrimary(config: ServerConfig): Promise<void> {
  const prepared = await prepare(config);
  const { url, details } = startDetails(config, prepared);
  await prepared.database.close();

  const listening = new Set<number>();
  let announced = false;
  let stopping = false;
  let exitCode = 0;
  const fork = () => {
    const worker = cluster.fork();
    const pid = worker.process.pid;
    log(`worker ${pid} started`);
    worker.on('listening', () => {
      listening.add(worker.id);
      if (!announced && listening.size === config.workers) {
        announced = true;
        log(
          banner(config, url, {
            ...details,
            processes: `${config.workers} workers sharing the port (WORKERS=${config.workers}; pids ${Object.values(cluster.workers ?? {}).map((w) => w?.process.pid).join(', ')})`,
          }),
        );
      }
    });
  };
  const stopAll = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping ${Object.keys(cluster.workers ?? {}).length} worker(s)...`);
    setTimeout(() => process.exit(1), 12_000).unref();
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  cluster.on('exit', (worker, code, signal) => {
    const served = listening.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        log('Stopped.');
        process.exit(exitCode);
      }
      return;
    }
    if (served) {
      log(`worker ${worker.process.pid} ended (${signal ?? `exit code ${code}`}): starting another`);
      fork();
    } else {
      console.error(`Agent Academy cannot start: worker ${worker.process.pid} ended before it listened (${signal ?? `exit code ${code}`})`);
      exitCode = 1;
      stopAll('SIGTERM');
    }
  });
  process.on('SIGINT', () => stopAll('SIGINT'));
  process.on('SIGTERM', () => stopAll('SIGTERM'));
  for (let i = 0; i < config.workers; i++) fork();
}

async function main(): Promise<void> {
  const loaded = loadConfig(process.env);
  if (!loaded.ok) {
    console.error(`Agent Academy cannot start: invalid environment variables:\n  ${loaded.errors.join('\n  ')}`);
    process.exit(1);
  }
  const config = loaded.config;
  // Unreadable certificate files stop the start here, with their names, before any work.
  let tls: TlsOptions = {};
  if (config.tls) {
    try {
      tls = tlsServeOptions(config.tls);
    } catch (error) {
      console.error(`Agent Academy cannot start: ${(error as Error).message}`);
      process.exit(1);
    }
  }
  if (cluster.isWorker) {
    // The primary migrated and seeded: a worker opens the database (the migrator finds nothing to do) and serves.
    const database = await openDatabase({ kind: 'postgres', url: config.databaseUrl!, pool: config.databasePool });
    const secret = await resolveSecret(database.db, config.jwtSecret);
    const files = createFileStore(path.join(config.dataDir, 'files'));
    await serveApp(config, { database, seeded: false, files, secret, pgliteDir: '' }, tls, () => log(`worker ${process.pid} listening`));
    return;
  }
  if (config.workers > 1) return runPrimary(config);
  const prepared = await prepare(config);
  const { url, details } = startDetails(config, prepared);
  await serveApp(config, prepared, tls, () => log(banner(config, url, { ...details, processes: '1 (WORKERS=1)' })));
}

/** The error and its causes (a failed query's cause is the database's own reason). */
function describeError(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error, depth = 0; e !== undefined && e !== null && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    parts.push(e instanceof Error ? (e.stack ?? e.message) : inspect(e, { depth: 4 }));
  }
  return parts.join('\ncaused by: ');
}

main().catch((error: unknown) => {
  console.error(`Agent Academy cannot start: ${describeError(error)}`);
  process.exit(1);
});
