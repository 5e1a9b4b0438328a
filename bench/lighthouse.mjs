// Lighthouse mobile (issue 15, "The browser"): performance score, LCP, TBT and CLS of /login, /main,
// /courses/all and a lesson, each from a cold HTTP cache, with Lighthouse's default mobile settings
// (simulated slow 4G, 4× CPU slowdown of THIS machine: on the shared 2-core machines TBT follows the
// load). Debian's Chromium through puppeteer-core. Figures only, never asserted by a unit test (ADR 035).
// The server speaks HTTPS with HTTP/2, as deployed (ADR 053), on a certificate made for the run.
import { writeFileSync } from 'node:fs';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, CHROMIUM_TLS_ARGS, signInAsAgent, startBenchServer } from './bench-server.mjs';

const PORT = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 8194);
/** Issue 44's budgets, on React (ADR 082; issue 15's were 95, 2.0 s, 100 ms, 0.02; Lighthouse's own
 * "good" is 90, 2.5 s, 200 ms, 0.1). */
export const PERFORMANCE_SCORE_FLOOR = 97;
export const LCP_BUDGET_S = 1.6;
export const TBT_BUDGET_MS = 50;
export const CLS_BUDGET = 0;

/** The first item of course 1, as agent01 sees it (the lesson an agent opens first). */
async function firstLessonPath(page, base) {
  const course = await page.evaluate(async (url) => {
    const res = await fetch(url, { headers: { Authorization: `Bearer ${sessionStorage.getItem('student-token')}` } });
    return res.ok ? res.json() : null;
  }, `${base}/api/courses/1`);
  const item = course?.lessons?.flatMap((l) => l.items)[0];
  if (!item) throw new Error('course 1 has no item for the lesson figure');
  return { path: `/lesson/1/${item.id}`, kind: item.kind };
}

/** One Lighthouse run on `path` (or on the path `pathFor(page)` gives once signed in). */
async function lighthouseFor(base, { path, signIn, pathFor }) {
  const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, headless: 'new', args: [...CHROMIUM_ARGS, ...(base.startsWith('https:') ? CHROMIUM_TLS_ARGS : []), '--headless=new'] });
  try {
    const page = await browser.newPage();
    // The token lives in this tab's sessionStorage, which survives Lighthouse's navigations of the
    // same tab; so storage is kept, and the HTTP cache is cleared by hand for a cold load.
    if (signIn) await signInAsAgent(page, base);
    const target = pathFor ? await pathFor(page, base) : { path };
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    // LIGHTHOUSE_ARTIFACTS keeps each run's trace and network log for bench/lantern-graph.mjs (ADR 071).
    const keep = process.env.LIGHTHOUSE_ARTIFACTS ? `${process.env.LIGHTHOUSE_ARTIFACTS}/${target.path.replaceAll('/', '_')}-${Date.now()}` : undefined;
    const result = await lighthouse(`${base}${target.path}`, { onlyCategories: ['performance'], disableStorageReset: signIn, logLevel: 'error', output: 'json', ...(keep ? { gatherMode: keep, auditMode: keep } : {}) }, undefined, page);
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${target.path}`);
    if (process.env.LIGHTHOUSE_SAVE) writeFileSync(`${process.env.LIGHTHOUSE_SAVE}/${target.path.replaceAll('/', '_')}.json`, JSON.stringify(lhr));
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    // A lost session would measure the sign-in page under another page's name.
    if (new URL(lhr.finalDisplayedUrl).pathname !== target.path) throw new Error(`Lighthouse ended on ${lhr.finalDisplayedUrl}, not ${target.path}`);
    const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
    const shifts = lhr.audits['layout-shifts']?.details?.items ?? [];
    // Lighthouse 13 names the LCP element in its LCP breakdown insight.
    const lcpNode = (lhr.audits['lcp-breakdown-insight']?.details?.items ?? []).find((i) => i.type === 'node');
    const blocking = (lhr.audits['render-blocking-insight']?.details?.items ?? []).map((i) => `${new URL(i.url).pathname} ${Math.round(i.wastedMs ?? 0)} ms`);
    // Less noisy than the score on a shared machine (ADR 035, addendum 3): what the page loaded, and
    // how its main-thread work was cut into tasks (both ×4 of what this machine took).
    const requests = lhr.audits['network-requests']?.details?.items ?? [];
    const scripts = requests.filter((r) => r.resourceType === 'Script');
    const scripting = (lhr.audits['bootup-time']?.details?.items ?? []).reduce((sum, i) => sum + (i.scripting ?? 0), 0);
    const longTasks = (lhr.audits['long-tasks']?.details?.items ?? []).map((t) => Math.round(t.duration));
    return {
      lhr,
      path: target.path,
      kind: target.kind,
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcp: audit('first-contentful-paint') / 1000,
      lcp: audit('largest-contentful-paint') / 1000,
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      notes: [
        // The CPU figures scale with this machine's speed at the time (Lighthouse's benchmark index:
        // higher is faster; it falls when the shared cores are busy).
        `FCP ${(audit('first-contentful-paint') / 1000).toFixed(2)} s, speed index ${(audit('speed-index') / 1000).toFixed(2)} s, benchmark index ${Math.round(lhr.environment.benchmarkIndex)}`,
        `${requests.length} requests over ${[...new Set(requests.map((r) => r.protocol))].join(', ')}, ${scripts.length} scripts ${(scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024).toFixed(1)} KB; scripting ${Math.round(scripting)} ms; long tasks ${longTasks.join(' + ') || 'none'} ms`,
        `LCP element ${lcpNode ? `${lcpNode.snippet} "${String(lcpNode.nodeLabel ?? '').slice(0, 40)}"` : '?'}${blocking.length ? `; render-blocking: ${blocking.join(', ')}` : ''}`,
        ...shifts.slice(0, 3).map((s) => `layout shift ${Number(s.score).toFixed(3)}: ${s.node?.snippet ?? '?'}`),
      ],
    };
  } finally {
    await browser.close();
  }
}

const PAGES = [
  { path: '/login', signIn: false },
  { path: '/main', signIn: true },
  { path: '/courses/all', signIn: true },
  { path: 'a lesson', signIn: true, pathFor: firstLessonPath },
];

/** Lighthouse asks for another run when its trace broke (NO_NAVSTART and the like on a busy machine): one more. */
async function lighthouseOnce(base, spec) {
  try {
    return await lighthouseFor(base, spec);
  } catch (error) {
    if (!String(error).includes('Lighthouse: ')) throw error;
    console.warn(`${spec.path}: ${error.message}; measured again`);
    return lighthouseFor(base, spec);
  }
}

/**
 * Runs of each page (LIGHTHOUSE_RUNS, 5 unless set). One run's TBT on this shared machine moved
 * from 102 to 887 ms between runs of one build within an hour (ADR 062), so each page is measured
 * several times and the figures are those of the median run, chosen as Lighthouse's own
 * computeMedianRun chooses it (the run nearest the median FCP and TTI; Lighthouse's documentation,
 * "Lighthouse variability": five runs halve the spread of one). The spread is printed beside it.
 */
const runsAsked = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
export const LIGHTHOUSE_RUNS = Number.isInteger(runsAsked) && runsAsked > 0 ? runsAsked : 5;

/** The median of `runs` runs of one page, with every run's score, LCP and TBT in a note. */
async function lighthouseMedian(base, spec, runs = LIGHTHOUSE_RUNS) {
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await lighthouseOnce(base, spec));
  const median = results.length === 1 ? results[0] : results.find((r) => r.lhr === computeMedianRun(results.map((x) => x.lhr)));
  const spread = `${results.length} runs (score / LCP s / TBT ms): ${results.map((r) => `${r.score}/${r.lcp.toFixed(2)}/${Math.round(r.tbt)}`).join(', ')}; the median run's figures below`;
  return { ...median, notes: results.length === 1 ? median.notes : [spread, ...median.notes] };
}

export async function lighthouseFigures() {
  // Over HTTPS with HTTP/2, as the app is deployed (ADR 053); LIGHTHOUSE_HTTP1=1 measures plain
  // HTTP/1.1 instead (six connections, one request at a time on each), the server without TLS.
  const { base, stop } = await startBenchServer(PORT, { tls: process.env.LIGHTHOUSE_HTTP1 !== '1' });
  const results = [];
  try {
    // LIGHTHOUSE_ONLY (a substring of the paths: "login", "main", "courses", "lesson") measures fewer pages.
    for (const spec of PAGES.filter((p) => !process.env.LIGHTHOUSE_ONLY || p.path.includes(process.env.LIGHTHOUSE_ONLY))) {
      const r = await lighthouseMedian(base, spec);
      const label = `${r.path}${spec.signIn ? ' (agent01)' : ''}`;
      const notes = [...(r.kind ? [`the first item of course 1: a ${r.kind}`] : []), ...r.notes];
      results.push({ name: `Lighthouse mobile ${label} score`, value: r.score, unit: '', budget: PERFORMANCE_SCORE_FLOOR, atLeast: true, notes });
      results.push({ name: `Lighthouse mobile ${label} LCP`, value: Number(r.lcp.toFixed(2)), unit: 's', budget: LCP_BUDGET_S });
      results.push({ name: `Lighthouse mobile ${label} TBT`, value: Math.round(r.tbt), unit: 'ms', budget: TBT_BUDGET_MS });
      results.push({ name: `Lighthouse mobile ${label} CLS`, value: Number(r.cls.toFixed(3)), unit: '', budget: CLS_BUDGET });
    }
  } finally {
    await stop();
  }
  return results;
}

// `node bench/lighthouse.mjs`: these figures alone, on the dist/ already built.
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await lighthouseFigures()) console.log(`${r.name.padEnd(60)} ${`${r.value} ${r.unit}`.trim().padEnd(8)} ${r.atLeast ? '≥' : '≤'} ${r.budget} ${r.unit}`.trimEnd(), ...(r.notes ?? []).map((n) => `\n    ${n}`));
}
