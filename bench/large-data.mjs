// `npm run bench:large` (issue 15, ADR 034; by hand, needs PostgreSQL): the signed-in endpoints on a
// small (demo-only) database and on the large one made by `npm run db:large`, with autocannon at 20
// connections for 10 s each, beside a bare Hono hello-world measured in the same run. Each endpoint
// is measured three times: on the small database and on the large one as the demo's accounts (the
// same requests and answers: what the volume alone costs), then on the large one as a learner and a
// manager of the large set (larger answers), each against the small figures. Each endpoint
// is also sent at a steady rate (STEADY_RATE, default 500 requests/s, PUTs a fifth; open loop: bench/steady-rate.mjs)
// for as long: the saturated p99 is mostly the queue of 20 connections, so it follows throughput;
// the steady p99 is what a request takes when the server keeps up (ADR 058).
//
//   DATABASE_URL=postgres://…/academy npm run bench:large      (the large database)
//
// The small database is SMALL_DATABASE_URL, or `<database>_bench_small` on the same server, dropped
// and made again each run (the role needs CREATEDB). Budget: large p99 ≤ 2 × small p99.
// BENCH_SECONDS (default 10) and BENCH_ONLY (a substring of the endpoint names) shorten a run;
// STEADY_RATE=0 leaves the steady runs out.
//
// Issue 45 (ADR 092): the CPD requests are among the endpoints (the ledger, an upline's read of a
// downline's ledger, the team's compliance), with their own budgets beside the ratios: ledger
// p99 ≤ 50 ms, team p99 ≤ 100 ms; and the insurer's 31 October report CSV of every licensee is
// downloaded whole on each database, ≤ 60 s, with the server's RSS sampled to show it is streamed
// (bench/cpd-report-stream.mjs). BENCH_ONLY=cpd runs only those.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { SERVER_ARGS } from './server-command.mjs';
import { steadyRate } from './steady-rate.mjs';
import { measureReportCsv } from './cpd-report-stream.mjs';

// BENCH_PORT moves both (two engineers benching on one machine).
const SERVER_PORT = Number(process.env.BENCH_PORT ?? 9510);
const HELLO_PORT = SERVER_PORT + 1;
const CONNECTIONS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ONLY = process.env.BENCH_ONLY;
const STEADY_RATE = Number(process.env.STEADY_RATE ?? 500);
// One learner's own records, each a new row and three kept sums of that learner (ADR 052, 057),
// take turns on those rows: about 400 a second at most, so they are sent at a fifth of the rate.
// A real learner sends one every 30 s.
const STEADY_WRITE_RATE = Math.round(STEADY_RATE / 5);

const large = process.env.DATABASE_URL;
if (!large || !/^postgres(ql)?:\/\//.test(large)) {
  console.error('bench:large: set DATABASE_URL to the large PostgreSQL database (npm run db:large fills it).');
  process.exit(1);
}

async function smallDatabase() {
  if (process.env.SMALL_DATABASE_URL) return process.env.SMALL_DATABASE_URL;
  const url = new URL(large);
  const name = `${url.pathname.slice(1)}_bench_small`;
  const admin = postgres(large, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  url.pathname = `/${name}`;
  return url.toString();
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitReady(url, deadlineMs) {
  while (Date.now() < deadlineMs) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer in time`);
}

function startProcess(args, env, readyUrl) {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  return waitReady(readyUrl, Date.now() + 180_000).then(() => child);
}

async function stopProcess(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000)]);
}

const HELLO = `import { Hono } from 'hono'; import { serve } from '@hono/node-server';
serve({ fetch: new Hono().get('/', (c) => c.text('ok')).fetch, port: ${HELLO_PORT}, hostname: '127.0.0.1' });`;

function run(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

const REPORT_CSV = '/api/cpd/report.csv';

const figures = (r) => ({ p50: r.latency.p50, p99: r.latency.p99, rps: Math.round(r.requests.average), bad: r.non2xx + r.errors + r.timeouts });

/** Signs in the way the app does: the XSRF cookie echoed in X-XSRF-TOKEN, an X-Client-Id; answers the bearer token. */
async function signIn(base, externalId, password) {
  const config = await fetch(`${base}/api/app-config`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(config.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const answer = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': decodeURIComponent(xsrf), 'x-client-id': randomUUID() },
    body: JSON.stringify({ external_id: externalId, password }),
  });
  if (!answer.ok) throw new Error(`sign-in of ${externalId}: ${answer.status} ${await answer.text()}`);
  const token = await answer.text();
  // The XSRF cookie of a signed-in session, for the PUTs.
  const session = await fetch(`${base}/api/users/current`, { headers: { authorization: `Bearer ${token}` } });
  const sessionXsrf = /XSRF-TOKEN=([^;]+)/.exec(session.headers.get('set-cookie') ?? '')?.[1] ?? xsrf;
  return {
    token,
    headers: { authorization: `Bearer ${token}`, cookie: `XSRF-TOKEN=${sessionXsrf}`, 'x-xsrf-token': decodeURIComponent(sessionXsrf), 'content-type': 'application/json' },
  };
}

const json = async (base, path, auth, init = {}) => {
  const r = await fetch(`${base}${path}`, { ...init, headers: { ...auth.headers, ...(init.headers ?? {}) } });
  if (!r.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${r.status} ${await r.text()}`);
  return r.json();
};

/**
 * Who signs in. The demo's accounts are on both databases (db:large seeds the demo first), with the
 * same enrolments and team: the same requests with the same answers, so the large database's rows
 * show what its volume alone costs. A bulk learner and manager of the large set have larger answers
 * (11 courses of 9 items, a team with 190 enrolments, against agent01's 7 courses of 2 to 4 items
 * and manager01's 18 enrolments): they are measured on the large database too, beside the same
 * small figures.
 */
const WHO = {
  demo: { learner: ['agent01', 'Learner2026'], manager: ['manager01', 'Manager2026'], auditor: ['auditor01', 'Auditor2026'] },
  bulk: { learner: ['L000002', 'Learner2026'], manager: ['L000001', 'Learner2026'], auditor: ['auditor01', 'Auditor2026'] },
};

async function measure(kind, url, who) {
  const dataDir = mkdtempSync(join(tmpdir(), 'aa-bench-large-'));
  const base = `http://127.0.0.1:${SERVER_PORT}`;
  const env = { DATABASE_URL: url, PORT: String(SERVER_PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, SMTP_URL: '', CONTINUAL_AUTH: '0' };
  const server = await startProcess(SERVER_ARGS, env, `${base}/api/app-config`);
  try {
    const learner = await signIn(base, ...who.learner);
    const manager = await signIn(base, ...who.manager);
    const auditor = await signIn(base, ...who.auditor);
    // A course the learner is in (or the newest), one of its readings, and an attachment of the demo.
    const mine = await json(base, '/api/courses/mine?per_page=12&status=in_progress', learner);
    const courseId = mine.data[0]?.id ?? (await json(base, '/api/courses/latest?per_page=1', learner)).data[0].id;
    const detail = await json(base, `/api/courses/${courseId}`, learner);
    const reading = detail.lessons.flatMap((l) => l.items).find((i) => i.kind === 'reading');
    const viewing = await json(base, '/api/viewings', learner, { method: 'POST', body: JSON.stringify({ item_id: reading.id }) });
    const attachment = (await json(base, '/api/materials?per_page=1', learner)).data[0];
    const attachmentViewing = await json(base, '/api/viewings', learner, { method: 'POST', body: JSON.stringify({ attachment_id: attachment.id }) });
    const learnerId = (await json(base, '/api/users/current', learner)).id;
    // Each record a new key (a repeat is 'Record exists'): never in the future, one second each.
    let lastKey = 0;
    const nextKey = () => (lastKey = Math.max(lastKey + 1, Date.now() - 5_000));

    const endpoints = [
      ['GET /api/users/current', learner, { path: '/api/users/current' }],
      ['GET /api/courses?per_page=12', learner, { path: '/api/courses?per_page=12' }],
      ['GET /api/courses/latest', learner, { path: '/api/courses/latest?per_page=12' }],
      ['GET /api/courses/ranking', learner, { path: '/api/courses/ranking?per_page=12' }],
      ['GET /api/courses/recommended', learner, { path: '/api/courses/recommended?per_page=12' }],
      ['GET /api/courses/mine', learner, { path: '/api/courses/mine?per_page=12' }],
      // A department's word: 1 match on the small database, about 400 (a fifth of the courses) on the
      // large one, each counted for the total (ADR 056).
      ['GET /api/courses/search?q=ethics', learner, { path: '/api/courses/search?per_page=12&q=ethics' }],
      // The same 3 matches on both (the demo's courses; the generated ones never say it): what the
      // search costs as the table grows while its answer stays the same.
      ['GET /api/courses/search?q=insurance', learner, { path: '/api/courses/search?per_page=12&q=insurance' }],
      ['GET /api/courses/:id', learner, { path: `/api/courses/${courseId}` }],
      ['GET /api/on_screen_log/course/:id/total', learner, { path: `/api/on_screen_log/course/${courseId}/total` }],
      ['PUT /api/on_screen_log/:id', learner, { method: 'PUT', path: `/api/on_screen_log/${reading.id}`, body: () => JSON.stringify({ duration: 1, key: nextKey(), viewing_id: viewing.id }) }],
      ['PUT /api/attachments/:id/status', learner, { method: 'PUT', path: `/api/attachments/${attachment.id}/status`, body: () => JSON.stringify({ duration: 1, key: nextKey(), completed_pages: 1, viewing_id: attachmentViewing.id }) }],
      ['GET /api/identity-checks', learner, { path: '/api/identity-checks?per_page=20' }],
      ['GET /api/management/enrolments', manager, { path: '/api/management/enrolments?list=pending&per_page=20' }],
      ['GET /api/management/downlines', manager, { path: '/api/management/downlines' }],
      ['GET /api/management/report', manager, { path: '/api/management/report' }],
      ['GET /api/audit/identity-checks', auditor, { path: '/api/audit/identity-checks?per_page=20' }],
      // Issue 45: the learner's own CPD ledger (this period, the earlier ones within retention), the
      // upline's read of that learner's ledger (each read logged: an insert per request), the team.
      ['GET /api/cpd/ledger', learner, { path: '/api/cpd/ledger' }],
      ['GET /api/cpd/ledger/:userId', manager, { path: `/api/cpd/ledger/${learnerId}` }],
      ['GET /api/cpd/team', manager, { path: '/api/cpd/team' }],
    ].filter(([name]) => !ONLY || name.includes(ONLY));
    const out = new Map();
    for (const [name, auth, { path, method = 'GET', body }] of endpoints) {
      const setupRequest = body ? (req) => ({ ...req, body: body() }) : undefined;
      const result = await run({ url: base, headers: auth.headers, requests: [{ method, path, ...(setupRequest ? { setupRequest } : {}) }] });
      const steady = STEADY_RATE > 0 ? await steadyRate(`${base}${path}`, auth.headers, { rate: method === 'GET' ? STEADY_RATE : STEADY_WRITE_RATE, seconds: SECONDS, connections: CONNECTIONS, method, body }) : null;
      out.set(name, { ...figures(result), steady });
      process.stderr.write(`  ${kind.padEnd(5)} ${name}: ${JSON.stringify(out.get(name))}\n`);
    }
    // The insurer's report of every licensee, once per database (the 'large' and 'bulk' runs share one).
    if (kind !== 'large' && (!ONLY || REPORT_CSV.includes(ONLY))) {
      out.report = await measureReportCsv(base, `${REPORT_CSV}?list=all`, auditor.headers, server.pid);
      process.stderr.write(`  ${kind.padEnd(5)} ${REPORT_CSV}: ${JSON.stringify(out.report)}\n`);
    }
    return out;
  } finally {
    await stopProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const hello = await startProcess(['--input-type=module', '-e', HELLO], {}, `http://127.0.0.1:${HELLO_PORT}/`);
  let helloFigures;
  try {
    helloFigures = figures(await run({ url: `http://127.0.0.1:${HELLO_PORT}/` }));
  } finally {
    await stopProcess(hello);
  }
  const small = await measure('small', await smallDatabase(), WHO.demo);
  const same = await measure('large', large, WHO.demo);
  const bulk = await measure('bulk', large, WHO.bulk);
  // A steady p99 under 1 ms is counted as 1 ms, as autocannon's whole milliseconds are.
  const steadyColumns = (s, l) => {
    if (!s.steady || !l.steady) return ['-', '-', '-', '-'];
    const ratio = l.steady.p99 / Math.max(1, s.steady.p99);
    return [`${s.steady.p50}/${s.steady.p99}`, `${l.steady.p50}/${l.steady.p99}`, ratio.toFixed(2), `${s.steady.errors}/${l.steady.errors}`];
  };
  console.log(`\nbench:large — autocannon, ${CONNECTIONS} connections, ${SECONDS} s each; bare Hono hello-world in the same run: ${helloFigures.rps} req/s (p50 ${helloFigures.p50} ms, p99 ${helloFigures.p99} ms)`);
  table(small, same, steadyColumns, "the same requests by the demo's accounts (agent01, manager01, auditor01) on both databases: what the large one's volume costs");
  table(small, bulk, steadyColumns, "on the large database, a learner and a manager of the large set (L000002, L000001): larger answers than the demo's, against the same small figures");
  cpdBudgets({ small, large: same, bulk });
}

/** Issue 45's own budgets (ADR 092), beside the figures: absolute, not a ratio to the small database. */
const CPD_BUDGETS = [
  ['GET /api/cpd/ledger', 50],
  ['GET /api/cpd/ledger/:userId', 50],
  // The team page's one read for ~20 downlines: twice a ledger's budget (ADR 092).
  ['GET /api/cpd/team', 100],
];
const REPORT_BUDGET_S = 60;
const mb = (bytes) => (bytes == null ? '?' : (bytes / 1048576).toFixed(0));

function cpdBudgets(runs) {
  const rows = [];
  for (const [name, budget] of CPD_BUDGETS) {
    for (const [kind, run] of Object.entries(runs)) {
      const f = run.get(name);
      if (!f) continue;
      const steady = f.steady ? f.steady.p99 : null;
      const within = f.p99 <= budget && (steady === null || steady <= budget);
      rows.push([`${name} (${kind})`, `${f.p50}/${f.p99}`, steady === null ? '-' : `${f.steady.p50}/${steady}`, `≤ ${budget}`, within ? 'ok' : 'OVER']);
    }
  }
  if (rows.length > 0) {
    console.log('\nCPD requests against their own budgets (p99 ms, saturated and steady)\n');
    const header = ['request', 'saturated p50/p99', 'steady p50/p99', 'budget', 'verdict'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
    const line = (r) => r.map((v, i) => (i === 0 ? String(v).padEnd(widths[i]) : String(v).padStart(widths[i]))).join('  ');
    console.log(line(header));
    for (const r of rows) console.log(line(r));
  }
  for (const [kind, run] of Object.entries(runs)) {
    const r = run.report;
    if (!r) continue;
    const verdict = r.seconds <= REPORT_BUDGET_S ? 'ok' : 'OVER';
    console.log(
      `\n${REPORT_CSV} (${kind}): ${r.rows.toLocaleString('en')} licensees, ${mb(r.bytes)} MB in ${r.seconds.toFixed(1)} s (budget ≤ ${REPORT_BUDGET_S} s: ${verdict}); ` +
        `first byte after ${Math.round(r.firstByteMs)} ms; server RSS ${mb(r.rssBefore)} MB before, ${mb(r.rssPeak)} MB at its peak (+${mb(r.rssPeak - r.rssBefore)} MB for a ${mb(r.bytes)} MB file)`,
    );
  }
}

/** Prints small against large, endpoint by endpoint, with the budget's verdicts. */
function table(small, big, steadyColumns, title) {
  const rows = [...small.keys()].map((name) => {
    const s = small.get(name);
    const l = big.get(name);
    const ratio = l.p99 / Math.max(1, s.p99);
    return [name, `${s.p50}/${s.p99}`, s.rps, `${l.p50}/${l.p99}`, l.rps, ratio.toFixed(2), `${s.bad}/${l.bad}`, ratio <= 2 ? 'ok' : 'OVER', ...steadyColumns(s, l)];
  });
  const header = ['endpoint', 'small p50/p99 ms', 'small req/s', 'large p50/p99 ms', 'large req/s', 'p99 ratio', 'non-2xx s/l', 'p99 ≤ 2×', 'steady small p50/p99', 'steady large p50/p99', 'steady ratio', 'errors s/l'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (r) => r.map((v, i) => (i === 0 ? String(v).padEnd(widths[i]) : String(v).padStart(widths[i]))).join('  ');
  console.log(`\n${title}\n`);
  console.log(line(header));
  for (const r of rows) console.log(line(r));
  const over = rows.filter((r) => r[7] !== 'ok').length;
  console.log(`\n${over === 0 ? 'every endpoint within budget' : `${over} endpoint(s) over budget`} (large p99 ≤ 2 × small p99, saturated)`);
  if (STEADY_RATE > 0) {
    const steadyOver = rows.filter((r) => !(Number(r[10]) <= 2) || r[11] !== '0/0').length;
    console.log(`at a steady ${STEADY_RATE} requests/s (PUTs ${STEADY_WRITE_RATE}/s): ${steadyOver === 0 ? 'every endpoint within 2×, no errors' : `${steadyOver} endpoint(s) over 2× or with errors`}`);
  }
}

await main();
