// What one page load runs on the browser's main thread, by source (ADR 063, 066): figures that do
// not move with the shared machine's speed, beside the ones that do.
//   npx vite build --sourcemap && node bench/page-work.mjs /lesson/1/1 [/courses/all ...]
// For each path, signed in as agent01 on a cold cache over HTTPS (as deployed, ADR 053):
// - counts (precise coverage, the same on any machine): XState machines built (`createMachine`),
//   provided (`provide`) and state nodes initialised; zod schemas constructed; every function of
//   the app's own sources called more than PAGE_WORK_CALLS times (default 20);
// - the main-thread tasks from the navigation's start to the last largest-paint candidate (times
//   from the first paint: negative before it), each with its
//   costliest functions of the app and of its libraries (the V8 sampler in a Chrome trace), in ms
//   of this machine (Lighthouse counts each four times).
// Without source maps in dist/ the functions keep their minified names. Not part of `npm run bench`.
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, CHROMIUM_TLS_ARGS, signInAsAgent, startBenchServer } from './bench-server.mjs';

const PORT = Number(process.env.BENCH_PAGE_WORK_PORT ?? 8199);
const CALLS_SHOWN = Number(process.env.PAGE_WORK_CALLS ?? 20);
const VIEWPORT = { width: 412, height: 823, isMobile: true, deviceScaleFactor: 1.75 };

const maps = new Map();
/** The source map of a served script, or null (no map in dist/, or not the app's). */
function mapOf(url) {
  if (!maps.has(url)) {
    try {
      maps.set(url, new TraceMap(readFileSync(join('dist', new URL(url).pathname + '.map'), 'utf8')));
    } catch {
      maps.set(url, null);
    }
  }
  return maps.get(url);
}

const shortSource = (source) => source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '');

/** "name source:line" of a position in a served script (line 1-based, column 0-based). */
function nameAt(url, functionName, line, column) {
  const map = url ? mapOf(url) : null;
  const found = map ? originalPositionFor(map, { line, column }) : null;
  if (found?.source) return `${found.name ?? (functionName || '(anonymous)')} ${shortSource(found.source)}:${found.line}`;
  return url ? `${functionName || '(anonymous)'} ${new URL(url).pathname}:${line}` : functionName || '(native)';
}

/** A fresh browser, signed in as agent01 unless `path` is a public page, on a blank tab (so the path loads with a cold cache). */
async function preparedPage(base, path) {
  const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, headless: 'new', args: [...CHROMIUM_ARGS, ...CHROMIUM_TLS_ARGS] });
  const page = await browser.newPage();
  await page.setViewport(VIEWPORT);
  // The pages outside the signed-in layout are measured as a visitor sees them (/login would forward a signed-in one).
  if (!/^\/(login|forgot-password|reset-password)\/?$/.test(path)) await signInAsAgent(page, base);
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await page.goto('about:blank');
  return { browser, page, cdp };
}

/** Calls per function of the load, by source name. */
async function callCounts(base, path) {
  const { browser, page, cdp } = await preparedPage(base, path);
  try {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.startPreciseCoverage', { callCount: true, detailed: true });
    await page.goto(base + path, { waitUntil: 'networkidle0' });
    const { result } = await cdp.send('Profiler.takePreciseCoverage');
    const counts = new Map();
    for (const script of result) {
      if (!script.url.includes('/assets/')) continue;
      const code = readFileSync(join('dist', new URL(script.url).pathname), 'utf8');
      const lineStarts = [0];
      for (let i = 0; i < code.length; i++) if (code[i] === '\n') lineStarts.push(i + 1);
      const positionOf = (offset) => {
        let lo = 0;
        let hi = lineStarts.length - 1;
        while (lo < hi) {
          const mid = (lo + hi + 1) >> 1;
          if (lineStarts[mid] <= offset) lo = mid;
          else hi = mid - 1;
        }
        return { line: lo + 1, column: offset - lineStarts[lo] };
      };
      for (const fn of script.functions) {
        const { startOffset, count } = fn.ranges[0];
        if (!count) continue;
        const { line, column } = positionOf(startOffset);
        const name = nameAt(script.url, fn.functionName, line, column);
        counts.set(name, (counts.get(name) ?? 0) + count);
      }
    }
    return counts;
  } finally {
    await browser.close();
  }
}

/** The main-thread tasks between the first paint and the last largest-paint candidate, with their samples. */
async function tasksToLargestPaint(base, path) {
  const { browser, page } = await preparedPage(base, path);
  const dir = mkdtempSync(join(tmpdir(), 'page-work-'));
  const traceFile = join(dir, 'trace.json');
  try {
    await page.tracing.start({ path: traceFile, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'loading', 'blink.user_timing', 'disabled-by-default-v8.cpu_profiler'] });
    await page.goto(base + path, { waitUntil: 'networkidle0' });
    await page.tracing.stop();
    const { traceEvents } = JSON.parse(readFileSync(traceFile, 'utf8'));
    // The page's renderer: the main thread with the most events (about:blank had its own).
    const mains = traceEvents.filter((e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain');
    const eventsOf = (m) => traceEvents.filter((e) => e.pid === m.pid && e.tid === m.tid).length;
    const main = mains.sort((a, b) => eventsOf(b) - eventsOf(a))[0];
    const nodes = new Map();
    const samples = [];
    let at = 0;
    for (const e of traceEvents) {
      if (e.pid !== main.pid) continue;
      if (e.name === 'Profile') at = e.args.data.startTime;
      if (e.name !== 'ProfileChunk') continue;
      for (const n of e.args.data.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
      const ids = e.args.data.cpuProfile?.samples ?? [];
      ids.forEach((id, i) => samples.push([(at += e.args.data.timeDeltas?.[i] ?? 0), id]));
    }
    const paints = traceEvents.filter((e) => e.pid === main.pid && /^(firstContentfulPaint|largestContentfulPaint::Candidate)$/.test(e.name)).sort((a, b) => a.ts - b.ts);
    const tasks = [];
    let end = 0;
    for (const e of traceEvents.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && /^(ThreadControllerImpl::)?RunTask$/.test(e.name)).sort((a, b) => a.ts - b.ts)) {
      if (e.ts >= end) tasks.push(e);
      end = Math.max(end, e.ts + e.dur);
    }
    const [first, last] = [paints[0]?.ts ?? 0, paints.at(-1)?.ts ?? 0];
    // From the navigation's start: on a page whose first paint is its largest (/login, /main), all
    // the work that decides it comes before that paint.
    const start = traceEvents.find((e) => e.pid === main.pid && e.name === 'navigationStart' && e.args?.data?.documentLoaderURL === base + path)?.ts ?? first;
    const label = (n) => nameAt(n.callFrame.url, n.callFrame.functionName, n.callFrame.lineNumber + 1, n.callFrame.columnNumber);
    return {
      paints: paints.map((p) => `${p.name === 'firstContentfulPaint' ? 'first paint' : 'largest-paint candidate'} +${((p.ts - first) / 1000).toFixed(0)} ms`),
      tasks: tasks
        .filter((t) => t.ts + t.dur >= start && t.ts <= last && t.dur >= 3000)
        .map((t) => {
          const inside = samples.filter(([ts]) => ts >= t.ts && ts <= t.ts + t.dur);
          const perSample = inside.length ? t.dur / 1000 / inside.length : 0;
          const inclusive = new Map();
          for (const [, id] of inside) {
            const seen = new Set();
            for (let n = nodes.get(id); n; n = n.parent ? nodes.get(n.parent) : undefined) {
              const name = label(n);
              if (!seen.has(name)) inclusive.set(name, (inclusive.get(name) ?? 0) + 1);
              seen.add(name);
            }
          }
          const top = (own) =>
            [...inclusive]
              .filter(([name]) => / (src|build)\//.test(name) === own && !/^\((root|program|idle)\)/.test(name))
              .sort((a, b) => b[1] - a[1])
              .slice(0, 5)
              .map(([name, n]) => `${name} ${(n * perSample).toFixed(1)}`);
          const native = (inclusive.get('(program)') ?? 0) * perSample;
          return { at: (t.ts - first) / 1000, ms: t.dur / 1000, own: top(true), libraries: top(false), native };
        }),
    };
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const paths = process.argv.slice(2);
if (paths.length === 0) paths.push('/lesson/1/1');
const { base, stop } = await startBenchServer(PORT, { tls: true });
try {
  for (const path of paths) {
    const counts = await callCounts(base, path);
    const sum = (test) => [...counts].filter(([name]) => test.test(name)).reduce((total, [, n]) => total + n, 0);
    console.log(`\n${path}`);
    console.log(`  XState: createMachine ${sum(/^createMachine xstate\//)}, provide ${sum(/^provide xstate\//)}, state nodes initialised ${sum(/^_initialize xstate\//)}; zod schemas constructed ${sum(/ zod\/v4\/core\/core\.js:94$/)}`);
    const busiest = [...counts].filter(([name, n]) => / src\//.test(name) && n > CALLS_SHOWN).sort((a, b) => b[1] - a[1]);
    console.log(`  the app's functions called more than ${CALLS_SHOWN} times: ${busiest.map(([name, n]) => `${name} ×${n}`).join(', ') || 'none'}`);
    const { paints, tasks } = await tasksToLargestPaint(base, path);
    console.log(`  ${paints.join(', ')}`);
    for (const t of tasks) {
      console.log(`  task at +${t.at.toFixed(0)} ms: ${t.ms.toFixed(1)} ms (native ${t.native.toFixed(1)})`);
      if (t.own.length) console.log(`    app: ${t.own.join(' | ')}`);
      if (t.libraries.length) console.log(`    libraries: ${t.libraries.join(' | ')}`);
    }
  }
} finally {
  await stop();
}
