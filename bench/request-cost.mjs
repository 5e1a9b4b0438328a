// What a signed-in request costs (issue 15, ADR 037): the real server on PostgreSQL (a throwaway
// cluster from .ci/postgres.sh, or BENCH_DATABASE_URL's server) and, in the same run, a bare Hono
// hello-world, each hit by autocannon at 20 connections. Besides requests/s and latency it prints
// the CPU time per request of the server process and of PostgreSQL, read from /proc: unlike a
// throughput, that figure barely moves when other work shares the two cores.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { capEachProcess } from './cpu-cap.mjs';
import { childPids, cpuMs, machineCpuMs, treeCpuMs } from './cpu.mjs';
import { SERVER_ARGS } from './server-command.mjs';
import { steadyRate } from './steady-rate.mjs';

const CONNECTIONS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const HELLO_PORT = 8193;
const SERVER_PORT = 8194;
const PGLITE_PORT = 8195;
const WORKERS_PORT = 8196;
const CAPPED_PORT = 8197;
/** ADR 055: each server process's CPU quota, in % of one core, when asking whether throughput grows with processes. */
const CAP_PERCENT = 40;
/** Issue 15's goals on PostgreSQL, one process (throughputs as a share of hello-world too). */
export const USERS_CURRENT_FLOOR = 5000;
export const COURSE_LIST_FLOOR = 2500;
export const STEADY_P99_BUDGET_MS = 15;
const STEADY_RATE = 1000;

async function waitFor(url, deadlineMs = 180_000) {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

/** The postmaster of a PostgreSQL on this machine (a `postgres` process whose parent is not one), so
 * that its CPU is measured too; 0 (not measured) for a server elsewhere or when there are several. */
function localPostmasterPid(url) {
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname)) return 0;
  const comm = (pid) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      return '';
    }
  };
  const parentOf = (pid) => readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ')[1];
  const postmasters = readdirSync('/proc').filter((pid) => /^\d+$/.test(pid) && comm(pid) === 'postgres' && comm(parentOf(pid)) !== 'postgres');
  return postmasters.length === 1 ? Number(postmasters[0]) : 0;
}

function startPostgres() {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, postmasterPid: localPostmasterPid(process.env.BENCH_DATABASE_URL), stop() {} };
  const dir = mkdtempSync(join(tmpdir(), 'agent-academy-pg-'));
  const started = spawnSync('bash', ['.ci/postgres.sh', 'start', dir], { encoding: 'utf8' });
  if (started.status !== 0) return null;
  const pidFile = join(dir, 'data', 'postmaster.pid');
  const postmasterPid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
  return { url: started.stdout.trim(), postmasterPid, stop: () => spawnSync('bash', ['.ci/postgres.sh', 'stop', dir]) };
}

function startProcess(args, env) {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'ignore'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    pid: child.pid,
    /** Resolves once the server's banner is out: with WORKERS > 1, once every worker listens (main.ts). */
    async ready(deadlineMs = 180_000) {
      const deadline = Date.now() + deadlineMs;
      while (!output.includes('Agent Academy is running')) {
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    stop: () => child.kill('SIGTERM'),
    exited,
  };
}

/** Signs agent01 in as a browser would (the XSRF cookie echoed, a client id); answers the headers of a signed-in call. */
async function signIn(base) {
  const config = await fetch(`${base}/api/app-config`);
  const cookie = config.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith('XSRF-TOKEN='));
  const xsrf = decodeURIComponent(cookie.split('=')[1]);
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'X-XSRF-TOKEN': xsrf, 'X-Client-Id': randomUUID() },
    body: JSON.stringify({ external_id: 'agent01', password: 'Learner2026' }),
  });
  if (!res.ok) throw new Error(`sign-in answered ${res.status}`);
  const token = (await res.text()).replace(/"/g, '');
  // The cookie the sign-in bound to the new session, as the browser keeps it.
  const bound = res.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith('XSRF-TOKEN='));
  return { Authorization: `Bearer ${token}`, cookie: bound ?? cookie, 'Accept-Encoding': 'gzip, br' };
}

/** `tree`: the server is a node:cluster primary, and its workers' CPU counts too. */
async function load(url, headers, { pid, tree = false, postmasterPid, overallRate } = {}) {
  const serverCpuMs = () => (tree ? treeCpuMs(pid) : cpuMs(pid));
  const before = { node: pid ? serverCpuMs() : 0, pg: treeCpuMs(postmasterPid), machine: machineCpuMs() };
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers, ...(overallRate ? { overallRate } : {}) });
  const machine = machineCpuMs();
  const served = result.requests.total;
  const cpu = (ms) => (served ? Math.round((ms * 1000) / served) : 0);
  return {
    // How much of the two cores the run kept busy, everything on the machine included (ADR 054).
    busy: Math.round((100 * (machine.busy - before.machine.busy)) / (machine.total - before.machine.total)),
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    nodeUs: pid ? cpu(serverCpuMs() - before.node) : undefined,
    pgUs: postmasterPid ? cpu(treeCpuMs(postmasterPid) - before.pg) : undefined,
  };
}

/** The steady rate (steady-rate.mjs), with the CPU per request of the server and PostgreSQL. */
async function steadyLoad(url, headers, { pid, postmasterPid }) {
  const before = { node: cpuMs(pid), pg: treeCpuMs(postmasterPid) };
  const r = await steadyRate(url, headers, { rate: STEADY_RATE, seconds: SECONDS, connections: CONNECTIONS });
  const cpu = (ms) => Math.round((ms * 1000) / r.sent);
  return { ...r, nodeUs: cpu(cpuMs(pid) - before.node), pgUs: postmasterPid ? cpu(treeCpuMs(postmasterPid) - before.pg) : undefined };
}

const describe = (r) =>
  `${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, errors ${r.errors}` +
  (r.nodeUs === undefined ? '' : `; CPU per request: server ${r.nodeUs} µs`) +
  (r.pgUs === undefined ? '' : `, PostgreSQL ${r.pgUs} µs`) +
  (r.busy === undefined ? '' : `; the machine ${r.busy}% busy`);

/** Starts a server with `env` on `port` (every worker listening), signs agent01 in, and runs `measure` on it. */
async function withServer(port, env, measure) {
  const dataDir = mkdtempSync(join(tmpdir(), 'agent-academy-bench-'));
  const server = startProcess(SERVER_ARGS, { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SMTP_URL: '', SINGLE_DEVICE_SESSIONS: '0', ...env });
  const base = `http://127.0.0.1:${port}`;
  try {
    await server.ready();
    return await measure(base, await signIn(base), server);
  } finally {
    server.stop();
    await Promise.race([server.exited, new Promise((r) => setTimeout(r, 15_000))]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Starts a server with `env` on `port`, signs agent01 in, and loads users/current on it. */
const usersCurrentOn = (port, env, watch) => withServer(port, env, (base, headers, server) => load(`${base}/api/users/current`, headers, watch(server)));

/**
 * ADR 055: WORKERS=1, then 2, on the same PostgreSQL, each server process capped at CAP_PERCENT of
 * one core (cpu-cap.mjs), users/current and the course list on each. Answers per workers count the
 * two throughputs, or null when this machine cannot cap a process's CPU.
 */
async function cappedScaling(pg) {
  const runs = {};
  for (const workers of [1, 2]) {
    const result = await withServer(CAPPED_PORT, { DATABASE_URL: pg.url, WORKERS: String(workers) }, async (base, headers, server) => {
      const pids = workers === 1 ? [server.pid] : childPids(server.pid);
      const cap = capEachProcess(pids, CAP_PERCENT);
      if (!cap.release) return { skipped: cap.reason };
      try {
        const watch = { pid: server.pid, tree: workers > 1, postmasterPid: pg.postmasterPid };
        return { current: await load(`${base}/api/users/current`, headers, watch), courses: await load(`${base}/api/courses?per_page=12`, headers, watch), release: cap.release };
      } catch (error) {
        cap.release();
        throw error;
      }
    });
    if (result.skipped) return { skipped: result.skipped };
    result.release();
    runs[workers] = result;
  }
  return runs;
}

/** The same read with two server processes sharing the port (ADR 036) on the same PostgreSQL. */
const twoWorkers = (pg) => usersCurrentOn(WORKERS_PORT, { DATABASE_URL: pg.url, WORKERS: '2' }, (server) => ({ pid: server.pid, tree: true, postmasterPid: pg.postmasterPid }));

/** The same signed-in read on the embedded database (no DATABASE_URL): one process, one query at a time. */
const pgliteCeiling = () => usersCurrentOn(PGLITE_PORT, { DATABASE_URL: '' }, (server) => ({ pid: server.pid }));

export async function requestCost() {
  const pg = startPostgres();
  if (!pg) return [{ name: 'request cost on PostgreSQL', value: 0, unit: '', notes: ['skipped: no PostgreSQL server (apt-get install postgresql)'] }];
  const dataDir = mkdtempSync(join(tmpdir(), 'agent-academy-bench-'));
  const hello = startProcess(['bench/hello-world.mjs'], { PORT: String(HELLO_PORT) });
  const server = startProcess(SERVER_ARGS, {
    DATABASE_URL: pg.url,
    PORT: String(SERVER_PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SMTP_URL: '',
    SINGLE_DEVICE_SESSIONS: '0',
  });
  const base = `http://127.0.0.1:${SERVER_PORT}`;
  try {
    await waitFor(`http://127.0.0.1:${HELLO_PORT}/`);
    await server.ready();
    const headers = await signIn(base);
    const watch = { pid: server.pid, postmasterPid: pg.postmasterPid };
    const helloWorld = await load(`http://127.0.0.1:${HELLO_PORT}/`, {}, { pid: hello.pid });
    const current = await load(`${base}/api/users/current`, headers, watch);
    const courses = await load(`${base}/api/courses?per_page=12`, headers, watch);
    const steady = await steadyLoad(`${base}/api/users/current`, headers, watch);
    // autocannon's overallRate, for comparison with the figures before ADR 049: a burst each second.
    const burst = await load(`${base}/api/users/current`, headers, { ...watch, overallRate: STEADY_RATE });
    const share = (r) => `${((100 * r.rps) / helloWorld.rps).toFixed(1)}% of hello-world`;
    server.stop();
    const twoProcesses = await twoWorkers(pg);
    const pglite = await pgliteCeiling();
    const capped = await cappedScaling(pg);
    return [
      { name: 'hello-world (bare Hono, same run)', value: helloWorld.rps, unit: 'req/s', notes: [describe(helloWorld)] },
      { name: 'GET users/current on PostgreSQL', value: current.rps, unit: 'req/s', budget: USERS_CURRENT_FLOOR, atLeast: true, notes: [`${describe(current)}; ${share(current)}`] },
      { name: 'GET courses?per_page=12 on PostgreSQL', value: courses.rps, unit: 'req/s', budget: COURSE_LIST_FLOOR, atLeast: true, notes: [`${describe(courses)}; ${share(courses)}`] },
      {
        name: `users/current p99 at a steady ${STEADY_RATE} req/s`,
        value: steady.p99,
        unit: 'ms',
        budget: STEADY_P99_BUDGET_MS,
        notes: [
          `open loop, one request due every ${1000 / STEADY_RATE} ms, latency from its due time (bench/steady-rate.mjs): ${steady.rps} req/s, p50 ${steady.p50} ms, p99 ${steady.p99} ms, max ${steady.max} ms, errors ${steady.errors}; CPU per request: server ${steady.nodeUs} µs${steady.pgUs === undefined ? '' : `, PostgreSQL ${steady.pgUs} µs`}`,
          `autocannon overallRate ${STEADY_RATE} (each second's requests sent at its start, ADR 050): ${describe(burst)}`,
        ],
      },
      { name: 'GET users/current, WORKERS=2 on PostgreSQL', value: twoProcesses.rps, unit: 'req/s', notes: [`${describe(twoProcesses)}; ${share(twoProcesses)}; ${(twoProcesses.rps / current.rps).toFixed(2)}× one process`] },
      ...cappedFigures(capped),
      {
        name: 'GET users/current on PGlite (its ceiling)',
        value: pglite.rps,
        unit: 'req/s',
        notes: [`${describe(pglite)}; ${share(pglite)}; the embedded database runs one query at a time on the server's own thread (ADR 037)`],
      },
    ];
  } finally {
    server.stop();
    hello.stop();
    await new Promise((r) => setTimeout(r, 500));
    pg.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The figures of cappedScaling: each throughput of two capped processes beside one's. */
function cappedFigures(capped) {
  const name = (what) => `${what}, WORKERS=2 / 1, each process ≤ ${CAP_PERCENT}% of a core`;
  if (capped.skipped) return [{ name: name('GET users/current'), value: 0, unit: '', notes: [`skipped: ${capped.skipped}`] }];
  return [
    ['GET users/current', 'current'],
    ['GET courses?per_page=12', 'courses'],
  ].map(([what, key]) => ({
    name: name(what),
    value: Number((capped[2][key].rps / capped[1][key].rps).toFixed(2)),
    unit: '×',
    notes: [
      `one process: ${describe(capped[1][key])}`,
      `two processes: ${describe(capped[2][key])}`,
      'a core per process to spare, as on a larger machine: the load generator and PostgreSQL keep the rest of the two cores (ADR 055)',
    ],
  }));
}

// `node bench/request-cost.mjs`: these figures alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await requestCost()) console.log(`${r.name.padEnd(52)} ${r.value} ${r.unit}`.trimEnd(), ...(r.notes ?? []).map((n) => `\n    ${n}`));
}
