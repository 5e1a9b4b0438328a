#!/usr/bin/env node
// npm run bench:load [-- --size S|M|L] [--duration SECONDS] [--kill] [--workers N] [--ramp SECONDS] [--fast] (issue 15, ADR 036, 041)
//
// Simulated agents, each on its own account, do what a learner does on PostgreSQL against the real
// server with WORKERS=2 (node:cluster): sign in, the catalogue, a course, a lesson (a viewing, then
// an on-screen record every 30 s, an attachment and its status), a like, a quiz (start, answers,
// submit), sign out, and again. Sizes are Moodle's load-test sizes: S 30, M 100, L 1,000 agents,
// 5 minutes each unless --duration says otherwise. Prints per endpoint: count, p50, p95, p99,
// errors; the budget is 0 errors and p95 ≤ 100 ms. Beside it, in the same run, the bare Hono
// hello-world req/s (autocannon, 20 connections, 10 s) as the machine's yardstick.
//
// --kill: in the middle one worker is killed (SIGKILL); the primary starts another; a request that
// failed on the dead one is sent again (same idempotency key) and lands on another process. At the
// end every on-screen record the server acknowledged (2xx, or 'Record exists' on a resend) must be
// in the database.
//
// Why not autocannon for the agents: each agent is a stateful flow (its token, XSRF cookie,
// viewing ids, attempt ids, keys that follow its clock); autocannon replays fixed requests. So a
// plain generator on undici, one keep-alive connection per agent like a browser tab.
//
// Database: TEST_DATABASE_URL (a role that may create databases: a fresh database is made and
// dropped), else a throwaway cluster started with .ci/postgres.sh.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { hash } from '@node-rs/argon2';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { Client } from 'undici';
import { commandCpuMs, machineCpuMs, treeCpuMs } from './cpu.mjs';
import { percentile } from './percentile.mjs';
import { SERVER_ARGS } from './server-command.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const SIZES = { S: 30, M: 100, L: 1000 };
const RAMP_MS = { S: 30_000, M: 40_000, L: 100_000 };
const { values: args } = parseArgs({
  options: {
    size: { type: 'string', default: 'S' },
    duration: { type: 'string', default: '300' },
    kill: { type: 'boolean', default: false },
    workers: { type: 'string', default: '2' },
    'no-hello': { type: 'boolean', default: false },
    // An A/B aid, not a load test: the same flow with no think times and a record every 2 s, so a
    // few agents keep the server busy and its CPU per request compares between two builds.
    fast: { type: 'boolean', default: false },
    // Seconds over which the agents arrive (default: Moodle's ramp-up for the size, see main()).
    ramp: { type: 'string' },
    // Every agent from 127.0.0.1 (one office behind one NAT) instead of an address of its own
    // behind a proxy (TRUST_PROXY=1, X-Forwarded-For), which is how the server is deployed.
    'one-address': { type: 'boolean', default: false },
  },
});
const size = args.size.toUpperCase();
if (!(size in SIZES)) throw new Error(`--size must be S, M or L (got ${args.size})`);
const AGENTS = SIZES[size];
const DURATION_MS = Number(args.duration) * 1000;
const WORKERS = Number(args.workers);
const PASSWORD = 'LoadTest2026';
const RECORD_EVERY_MS = args.fast ? 2_000 : 30_000;
// The lesson course: readings and attachments the agents never finish, so it never completes and
// keeps taking records. The quiz course: its items are made complete at setup, so its quiz is open.
const LESSON_COURSE_TITLE = 'Product Knowledge: Term Life';
const QUIZ_COURSE_TITLE = 'Regulatory Update 2026';
const BUDGET_P95_MS = 100;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const think = () => sleep(args.fast ? 0 : 1000 + Math.random() * 2000);
const log = (line) => console.error(`[load] ${line}`);

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The database

async function database() {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stopCluster = async () => {};
  if (!adminUrl) {
    const dir = mkdtempSync(path.join(tmpdir(), 'agent-academy-load-pg-'));
    adminUrl = execFileSync(path.join(root, '.ci/postgres.sh'), ['start', dir], { encoding: 'utf8' }).trim();
    stopCluster = async () => execFileSync(path.join(root, '.ci/postgres.sh'), ['stop', dir], { stdio: 'ignore' });
  }
  const name = `aa_load_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
      await stopCluster();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The server (WORKERS processes) and the hello-world yardstick

async function startServer(databaseUrl) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'agent-academy-load-'));
  // LOAD_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/p"): node flags for the server; the
  // workers inherit them (node:cluster forks with the primary's execArgv), so each writes a profile.
  const nodeArgs = (process.env.LOAD_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, ...SERVER_ARGS], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      WORKERS: String(WORKERS),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SMTP_URL: '',
      WORKER_HEADER: '1',
      E2E_CLOCK: '',
      // The agents' own flow, without identity prompts (their time is credited from the records alone).
      CONTINUAL_AUTH: '0',
      TRUST_PROXY: args['one-address'] ? '0' : '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const events = [];
  child.stdout.on('data', (chunk) => {
    output += chunk;
    for (const line of String(chunk).split('\n')) if (/^worker \d+ (started|listening|ended)|stopping|Stopped/.test(line)) events.push(line.trim());
  });
  child.stderr.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 180_000;
  while (!/Agent Academy is running/.test(output)) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server did not start in 180 s:\n${output}`);
    await sleep(100);
  }
  const workerPids = () => [...output.matchAll(/worker (\d+) listening/g)].map((m) => Number(m[1])).filter((pid) => !new RegExp(`worker ${pid} ended`).test(output));
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid,
    events,
    workerPids,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(15_000)]);
      rmSync(dataDir, { recursive: true, force: true });
      // The server's own lines (its error log among them), for a run that was not clean.
      const logFile = path.join(tmpdir(), `bench-load-server-${size}.log`);
      writeFileSync(logFile, output);
      log(`server output: ${logFile}`);
    },
  };
}

// Where the run's CPU went (ADR 037): the server (primary and workers, argon2's threads included),
// every PostgreSQL process, this generator, and the machine as a whole (its cores' busy share).
function cpuSnapshot(server) {
  return { server: treeCpuMs(server.pid), postgres: commandCpuMs('postgres'), generator: process.cpuUsage(), machine: machineCpuMs() };
}

function cpuSince(before, server) {
  const after = cpuSnapshot(server);
  const generator = process.cpuUsage(before.generator);
  return {
    server: after.server - before.server,
    postgres: after.postgres - before.postgres,
    generator: (generator.user + generator.system) / 1000,
    machineBusy: after.machine.busy - before.machine.busy,
    machineTotal: after.machine.total - before.machine.total,
  };
}

function cpuLine(cpu, seconds, requests) {
  const cores = (ms) => (ms / 1000 / seconds).toFixed(2);
  const perRequest = (ms) => (ms / requests).toFixed(2);
  return (
    `CPU (cores busy on average; ms per request): server ${cores(cpu.server)} (${perRequest(cpu.server)} ms), PostgreSQL ${cores(cpu.postgres)} (${perRequest(cpu.postgres)} ms), ` +
    `this generator ${cores(cpu.generator)}; the machine ${((100 * cpu.machineBusy) / cpu.machineTotal).toFixed(0)}% busy of ${cpus().length} cores` +
    ' (a worker killed by --kill takes its CPU time with it)'
  );
}

async function helloWorld() {
  const port = await freePort();
  const code = `
    import { Hono } from 'hono';
    import { serve } from '@hono/node-server';
    const app = new Hono();
    app.get('/', (c) => c.text('Hello World!'));
    serve({ fetch: app.fetch, port: ${port}, hostname: '127.0.0.1' }, () => console.log('up'));`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve) => child.stdout.once('data', resolve));
  const result = await autocannon({ url: `http://127.0.0.1:${port}/`, connections: 20, duration: 10 });
  child.kill('SIGTERM');
  return { rps: Math.round(result.requests.average), p99: result.latency.p99 };
}

// ---------------------------------------------------------------------------------------------
// Accounts, made directly in the database (one argon2 hash for all: hashing 1,000 would take minutes)

async function setUp(databaseUrl) {
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  const passwordHash = await hash(PASSWORD);
  const [lesson] = await sql`select id from courses where title->>'en' = ${LESSON_COURSE_TITLE}`;
  const [quizCourse] = await sql`select id from courses where title->>'en' = ${QUIZ_COURSE_TITLE}`;
  const readings = await sql`select id, required_seconds from course_items where course_id = ${lesson.id} and kind = 'reading' order by position`;
  const attachments = await sql`select attachment_id from course_items where course_id = ${lesson.id} and kind = 'attachment' order by position`;
  const quizItems = await sql`select id, kind, required_seconds, attachment_id from course_items where course_id = ${quizCourse.id}`;
  const [quiz] = await sql`select id from quizzes where course_id = ${quizCourse.id} order by position limit 1`;
  const rows = Array.from({ length: AGENTS }, (_, i) => ({
    external_id: `load${String(i + 1).padStart(4, '0')}`,
    name: `Load Agent ${i + 1}`,
    email: `load${i + 1}@agent-academy.test`,
    password_hash: passwordHash,
    role: 'agent',
  }));
  const users = [];
  for (let i = 0; i < rows.length; i += 500) users.push(...(await sql`insert into users ${sql(rows.slice(i, i + 500))} returning id, external_id`));
  const ids = users.map((u) => u.id);
  await sql`insert into course_enrolments (user_id, course_id) select id, ${lesson.id} from unnest(${sql.array(ids)}::bigint[]) id`;
  await sql`insert into course_enrolments (user_id, course_id) select id, ${quizCourse.id} from unnest(${sql.array(ids)}::bigint[]) id`;
  // The quiz course's items done (key 1: not a record of the run), so its quiz is open to everyone.
  for (const item of quizItems) {
    if (item.kind === 'reading') {
      await sql`insert into on_screen_logs (user_id, course_id, item_id, duration, key) select id, ${quizCourse.id}, ${item.id}, ${Math.max(item.required_seconds, 1)}, 1 from unnest(${sql.array(ids)}::bigint[]) id`;
    } else if (item.kind === 'attachment') {
      await sql`insert into attachment_progress (user_id, attachment_id, finished_at) select id, ${item.attachment_id}, now() from unnest(${sql.array(ids)}::bigint[]) id`;
    }
  }
  await sql.end();
  return {
    agents: users.map((u) => ({ id: Number(u.id), externalId: u.external_id })),
    lessonCourse: String(lesson.id),
    readings: readings.map((r) => String(r.id)),
    attachments: attachments.map((a) => String(a.attachment_id)),
    quizCourse: String(quizCourse.id),
    quiz: quiz ? String(quiz.id) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Measurements

const samples = new Map(); // endpoint → { ms: number[], errors: number, statuses: Map }
const retries = { count: 0 };
/** Writes the server has not answered yet: --kill waits for some, so the kill really cuts requests in flight. */
const inFlight = { writes: 0 };
const problems = [];
/** Every request's end (ms since the run began) and latency: the table per 30 s shows the arrival apart from the steady state. */
const timeline = [];
const run = { startedAt: 0 };
function record(endpoint, ms, ok, detail) {
  timeline.push([performance.now() - run.startedAt, ms]);
  let s = samples.get(endpoint);
  if (!s) samples.set(endpoint, (s = { ms: [], errors: 0 }));
  s.ms.push(ms);
  if (!ok) {
    s.errors += 1;
    if (problems.length < 20) problems.push(`${endpoint}: ${detail}`);
  }
}
const pct = (sorted, p) => (sorted.length === 0 ? 0 : percentile(sorted, p));

/** "0-30 s: 812 req, p50 6.1, p95 33.0 | …" over the run's timeline. */
function byWindow(windowMs) {
  const windows = new Map();
  for (const [at, ms] of timeline) {
    const w = Math.floor(at / windowMs);
    if (!windows.has(w)) windows.set(w, []);
    windows.get(w).push(ms);
  }
  return [...windows.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([w, list]) => {
      const sorted = list.sort((a, b) => a - b);
      return `${(w * windowMs) / 1000}-${((w + 1) * windowMs) / 1000} s: ${sorted.length} req, p50 ${pct(sorted, 50).toFixed(1)}, p95 ${pct(sorted, 95).toFixed(1)}`;
    })
    .join(' | ');
}

// ---------------------------------------------------------------------------------------------
// One agent

const NETWORK_ERRORS = /ECONNRESET|ECONNREFUSED|EPIPE|socket|closed|UND_ERR/i;

class Agent {
  constructor(account, plan, base, stopAt) {
    Object.assign(this, { account, plan, base, stopAt });
    this.clientId = randomUUID();
    // Behind the load balancer (TRUST_PROXY=1): each agent's own address in X-Forwarded-For.
    this.address = `10.${(account.id >> 16) & 255}.${(account.id >> 8) & 255}.${account.id & 255}`;
    this.client = new Client(base, { keepAliveTimeout: 60_000, pipelining: 1 });
    this.cookie = undefined;
    this.token = undefined;
    this.acked = []; // [target, key]
    this.cycle = 0;
  }

  /** One request; a network failure (its process died) is sent again, to whichever process answers. */
  async call(endpoint, method, url, { json, expect = [200, 204], headers = {}, okIf } = {}) {
    for (let attempt = 1; ; attempt++) {
      const h = { ...headers };
      if (!args['one-address']) h['x-forwarded-for'] = this.address;
      if (this.token) h.authorization = `Bearer ${this.token}`;
      if (this.cookie) {
        h.cookie = `XSRF-TOKEN=${this.cookie}`;
        if (method !== 'GET') h['x-xsrf-token'] = this.cookie;
      }
      if (json !== undefined) h['content-type'] = 'application/json';
      const started = performance.now();
      const write = method !== 'GET';
      if (write) inFlight.writes += 1;
      try {
        const res = await this.client.request({ path: url, method, headers: h, body: json === undefined ? undefined : JSON.stringify(json) });
        const text = await res.body.text();
        if (write) inFlight.writes -= 1;
        const ms = performance.now() - started;
        const setCookie = [res.headers['set-cookie'] ?? []].flat();
        for (const c of setCookie) {
          const m = /^XSRF-TOKEN=([^;]*)/.exec(c);
          if (m) this.cookie = m[1];
        }
        const ok = expect.includes(res.statusCode) || Boolean(okIf?.(res.statusCode, text));
        record(endpoint, ms, ok, `${res.statusCode} ${text.slice(0, 160)}`);
        return { status: res.statusCode, text, ok };
      } catch (error) {
        if (write) inFlight.writes -= 1;
        const message = String(error?.code ?? error?.message ?? error);
        if (attempt < 6 && NETWORK_ERRORS.test(`${error?.code} ${error?.message}`)) {
          retries.count += 1;
          await sleep(100 * attempt);
          continue;
        }
        record(endpoint, performance.now() - started, false, message);
        return { status: 0, text: '', ok: false };
      }
    }
  }

  async run() {
    await sleep(this.rampDelay);
    await this.call('GET /api/app-config', 'GET', '/api/app-config');
    while (Date.now() < this.stopAt) {
      await this.session();
      await think();
    }
    await this.client.close().catch(() => {});
  }

  async session() {
    const { plan } = this;
    this.cycle += 1;
    const login = await this.call('POST /api/auth/login', 'POST', '/api/auth/login', {
      json: { external_id: this.account.externalId, password: PASSWORD },
      headers: { 'x-client-id': this.clientId },
      expect: [200],
    });
    if (!login.ok) return;
    this.token = login.text;
    await this.call('GET /api/users/current', 'GET', '/api/users/current');
    await think();
    await this.call('GET /api/courses?per_page=12', 'GET', '/api/courses?per_page=12');
    await think();
    await this.call('GET /api/courses/:id', 'GET', `/api/courses/${plan.lessonCourse}`);
    await this.call('GET /api/on_screen_log/course/:id/total', 'GET', `/api/on_screen_log/course/${plan.lessonCourse}/total`);
    // A like, or taking it back, every other visit.
    await this.call(this.cycle % 2 ? 'PUT /api/courses/:id/like' : 'DELETE /api/courses/:id/like', this.cycle % 2 ? 'PUT' : 'DELETE', `/api/courses/${plan.lessonCourse}/like`);
    await think();

    // The lesson: a reading item open, a record every 30 s (two), then an attachment.
    const reading = plan.readings[(this.account.id + this.cycle) % plan.readings.length];
    await this.onScreen('reading', reading, 2);
    if (Date.now() < this.stopAt && plan.attachments.length > 0) {
      const attachment = plan.attachments[(this.account.id + this.cycle) % plan.attachments.length];
      await this.call('GET /api/attachments/:id', 'GET', `/api/attachments/${attachment}`);
      await this.onScreen('attachment', attachment, 1);
    }

    if (plan.quiz && Date.now() < this.stopAt) await this.quiz();
    await think();
    if (Date.now() >= this.stopAt) return;
    await this.call('POST /api/auth/logout', 'POST', '/api/auth/logout', { expect: [204] });
    this.token = undefined;
  }

  async onScreen(kind, id, records) {
    const body = kind === 'reading' ? { course_id: this.plan.lessonCourse, item_id: id } : { course_id: this.plan.lessonCourse, attachment_id: id };
    const viewing = await this.call('POST /api/viewings', 'POST', '/api/viewings', { json: body, expect: [200, 201] });
    if (!viewing.ok) return;
    const viewingId = JSON.parse(viewing.text).id;
    // A record is begun only when its 30 s end before the run does. An agent whose record would not
    // fit stays on the page to the end (no quiz and sign-out crammed into the last seconds: with
    // every agent doing that, the run's last 30 s carried twice the mean rate).
    for (let i = 0; i < records; i++) {
      if (Date.now() + RECORD_EVERY_MS > this.stopAt) {
        await sleep(Math.max(0, this.stopAt - Date.now()));
        return;
      }
      const key = Date.now();
      await sleep(RECORD_EVERY_MS);
      const duration = Math.floor((Date.now() - key) / 1000);
      const headers = { 'x-client-time': String(Date.now()) };
      // A resend after a lost answer finds its own record: 'Record exists' is the acknowledgement (SPEC §8).
      const exists = (status, text) => status === 403 && /Record exists/.test(text);
      const answer =
        kind === 'reading'
          ? await this.call('PUT /api/on_screen_log/:id', 'PUT', `/api/on_screen_log/${id}`, { json: { duration, key, viewing_id: viewingId }, headers, okIf: exists })
          : await this.call('PUT /api/attachments/:id/status', 'PUT', `/api/attachments/${id}/status`, {
              json: { duration, key, viewing_id: viewingId, completed_pages: 1 },
              headers,
              okIf: exists,
            });
      if (answer.ok) this.acked.push([kind, id, key]);
    }
  }

  async quiz() {
    const { plan } = this;
    const list = await this.call('GET /api/courses/:id/quizzes', 'GET', `/api/courses/${plan.quizCourse}/quizzes`);
    if (!list.ok) return;
    const summary = JSON.parse(list.text).find((q) => q.id === plan.quiz);
    if (summary?.availability !== 'available') return;
    const started = await this.call('POST /api/quizzes/:id/attempts', 'POST', `/api/quizzes/${plan.quiz}/attempts`);
    if (!started.ok) return;
    const attempt = JSON.parse(started.text);
    for (const q of attempt.questions) {
      const choices = q.options.map((o) => o.id);
      const value = q.kind === 'multiple' ? choices.slice(0, Math.max(1, Math.min(q.max_choices ?? 1, 2))) : q.options.length > 0 ? [choices[Math.floor(Math.random() * choices.length)]] : 'an answer';
      await sleep(args.fast ? 0 : 300 + Math.random() * 700);
      await this.call('PUT /api/quiz_attempts/:id/answers/:q', 'PUT', `/api/quiz_attempts/${attempt.id}/answers/${q.id}`, { json: { value, seq: 1 } });
    }
    await this.call('POST /api/quiz_attempts/:id/submit', 'POST', `/api/quiz_attempts/${attempt.id}/submit`);
  }
}

// ---------------------------------------------------------------------------------------------

async function main() {
  log(`size ${size} (${AGENTS} agents), ${DURATION_MS / 1000} s, WORKERS=${WORKERS}${args.kill ? ', one worker killed in the middle' : ''}; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const hello = args['no-hello'] ? null : await helloWorld();
  if (hello) log(`bare Hono hello-world: ${hello.rps} req/s (autocannon, 20 connections, 10 s; p99 ${hello.p99} ms)`);
  const db = await database();
  let server;
  try {
    server = await startServer(db.url);
    log(`server up: ${server.base}, workers ${server.workerPids().join(', ')}`);
    const plan = await setUp(db.url);
    log(`${plan.agents.length} accounts made; lesson course ${plan.lessonCourse}, quiz ${plan.quiz ?? 'none'} (course ${plan.quizCourse})`);

    const startedAt = Date.now();
    run.startedAt = performance.now();
    const stopAt = startedAt + DURATION_MS;
    // Agents arrive over Moodle's ramp-up for the size (its test plan: S 6 s, M 40 s, L 100 s; here at
    // least 30 s), and at most over the first third of the run, as a morning's logins do. Over a
    // shorter ramp the agents move in step (all in their 30-s records, then all at the quiz at once):
    // waves of twice the mean rate that no office of a thousand produces (ADR 041).
    const ramp = args.ramp !== undefined ? Number(args.ramp) * 1000 : Math.min(RAMP_MS[size], DURATION_MS / 3);
    const agents = plan.agents.map((account, i) => Object.assign(new Agent(account, plan, server.base, stopAt), { rampDelay: (i / plan.agents.length) * ramp }));
    let killed = null;
    const killer = args.kill
      ? (async () => {
          await sleep(DURATION_MS / 2);
          // Halfway, at a moment when writes are in flight (up to 15 s later).
          for (const until = Date.now() + 15_000; inFlight.writes < 2 && Date.now() < until; ) await sleep(2);
          const [victim] = server.workerPids();
          killed = victim;
          log(`killing worker ${victim} (SIGKILL) at ${Math.round((Date.now() - startedAt) / 1000)} s, ${inFlight.writes} write(s) in flight`);
          process.kill(victim, 'SIGKILL');
        })()
      : Promise.resolve();
    const cpuBefore = cpuSnapshot(server);
    await Promise.all([...agents.map((a) => a.run()), killer]);
    const elapsed = (Date.now() - startedAt) / 1000;
    const cpu = cpuSince(cpuBefore, server);
    // Records still in flight finish (each agent waits for its answers); the run ends after its last record.

    // The table.
    const rows = [...samples.entries()].map(([endpoint, s]) => {
      const sorted = [...s.ms].sort((a, b) => a - b);
      return { endpoint, count: s.ms.length, p50: pct(sorted, 50), p95: pct(sorted, 95), p99: pct(sorted, 99), errors: s.errors };
    });
    const all = [...samples.values()].flatMap((s) => s.ms).sort((a, b) => a - b);
    const total = { endpoint: 'all', count: all.length, p50: pct(all, 50), p95: pct(all, 95), p99: pct(all, 99), errors: rows.reduce((n, r) => n + r.errors, 0) };
    const width = Math.max(...rows.map((r) => r.endpoint.length), 10);
    const f = (n) => n.toFixed(1).padStart(7);
    const lines = [
      '',
      `bench:load size ${size}: ${AGENTS} agents, ${elapsed.toFixed(0)} s, WORKERS=${WORKERS}, PostgreSQL; ${total.count} requests = ${(total.count / elapsed).toFixed(1)} req/s${hello ? `; bare Hono hello-world in this run: ${hello.rps} req/s` : ''}`,
      `${'endpoint'.padEnd(width)}   count     p50     p95     p99  errors   (ms)`,
      ...[...rows.sort((a, b) => a.endpoint.localeCompare(b.endpoint)), total].map(
        (r) => `${r.endpoint.padEnd(width)} ${String(r.count).padStart(7)} ${f(r.p50)} ${f(r.p95)} ${f(r.p99)} ${String(r.errors).padStart(7)}`,
      ),
      `by 30-s window (agents arrive over the first ${Math.round(ramp / 1000)} s): ${byWindow(30_000)}`,
      `network retries (sent again to another process): ${retries.count}`,
      cpuLine(cpu, elapsed, total.count),
    ];

    // Every acknowledged on-screen record is in the database.
    const sql = postgres(db.url, { max: 1, onnotice: () => {} });
    const stored = await sql`select user_id, key, item_id, attachment_id from on_screen_logs where key > 1 and user_id in ${sql(plan.agents.map((a) => a.id))}`;
    await sql.end();
    const have = new Set(stored.map((r) => (r.item_id ? `${r.user_id}:reading:${r.item_id}:${r.key}` : `${r.user_id}:attachment:${r.attachment_id}:${r.key}`)));
    const acked = agents.flatMap((a) => a.acked.map(([kind, id, key]) => `${a.account.id}:${kind}:${id}:${key}`));
    const lost = acked.filter((k) => !have.has(k));
    lines.push(`on-screen records acknowledged: ${acked.length}; in the database: ${stored.length}; acknowledged but missing: ${lost.length}`);
    if (killed) lines.push(`killed worker ${killed}; server events: ${server.events.filter((e) => /ended|started|listening/.test(e)).slice(-4).join(' | ')}`);
    const within = total.errors === 0 && rows.every((r) => r.p95 <= BUDGET_P95_MS) && lost.length === 0;
    lines.push(`budget (0 errors, p95 ≤ ${BUDGET_P95_MS} ms per endpoint, nothing lost): ${within ? 'MET' : 'NOT MET'}; load average now ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    if (problems.length > 0) lines.push('first errors:', ...problems.map((p) => `  ${p}`));
    console.log(lines.join('\n'));
    process.exitCode = within ? 0 : 1;
  } finally {
    await server?.stop();
    await db.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
