// Bytes on the wire (issue 11 §6): what Debian's Chromium actually TRANSFERS to show /login and
// /main (signed in as agent01) from a cold cache, as CDP reports it (Network.loadingFinished
// encodedDataLength: compressed bodies plus headers), and Lighthouse's mobile performance score
// and LCP for both pages. Figures only, never asserted by a unit test.
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, signInAsAgent, startBenchServer } from './bench-server.mjs';

const PORT = 8193;
/** Cold-cache transfer to show a page; about a third of the uncompressed 989 KiB of issue 11. */
export const TRANSFER_BUDGET_KB = 350;
/** Lighthouse's own "good" thresholds for a mobile page. */
export const PERFORMANCE_SCORE_FLOOR = 90;
export const LCP_BUDGET_S = 2.5;

const kind = (type) => ({ Script: 'js', Stylesheet: 'css', Font: 'font', Document: 'html', Fetch: 'api', XHR: 'api' })[type] ?? 'other';

/** Sums encodedDataLength of every response the page loads until the network is idle. */
async function transferredFor(browser, base, path, { signIn = false, language } = {}) {
  const context = await browser.newContext();
  if (language) await context.addInitScript((lang) => localStorage.setItem('lang', lang), language);
  const page = await context.newPage();
  if (signIn) await signInAsAgent(page, base);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  // Cold cache, as for a first visit: the sign-in above must not make /main look cheap.
  await cdp.send('Network.clearBrowserCache');
  const types = new Map();
  const encodings = new Map();
  const byKind = {};
  cdp.on('Network.responseReceived', (e) => {
    types.set(e.requestId, kind(e.type));
    encodings.set(e.requestId, e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? 'identity');
  });
  let total = 0;
  let requests = 0;
  const compressed = { yes: 0, no: 0 };
  cdp.on('Network.loadingFinished', (e) => {
    total += e.encodedDataLength;
    requests += 1;
    const k = types.get(e.requestId) ?? 'other';
    byKind[k] = (byKind[k] ?? 0) + e.encodedDataLength;
    if (k === 'js' || k === 'css' || k === 'html') compressed[encodings.get(e.requestId) === 'identity' ? 'no' : 'yes'] += 1;
  });
  await page.goto(`${base}${path}`);
  await page.waitForLoadState('networkidle');
  await context.close();
  const label = `${path}${signIn ? ' (agent01)' : ''}${language ? ` in ${language}` : ''}`;
  const parts = Object.entries(byKind)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${(v / 1024).toFixed(1)}`);
  return {
    name: `bytes transferred to show ${label}`,
    value: Math.round(total / 1024),
    unit: 'KiB',
    budget: TRANSFER_BUDGET_KB,
    notes: [`${requests} responses (KiB: ${parts.join(', ')}); text responses compressed: ${compressed.yes}, not: ${compressed.no}`],
  };
}

/** Lighthouse mobile (its default: simulated slow 4G, a mid-range phone) on one page. */
async function lighthouseFor(base, path, signIn) {
  const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, headless: 'new', args: [...CHROMIUM_ARGS, '--headless=new'] });
  try {
    const page = await browser.newPage();
    // The token lives in this tab's sessionStorage, which survives Lighthouse's navigations of the
    // same tab; so storage is kept, and the HTTP cache is cleared by hand for a cold load.
    if (signIn) await signInAsAgent(page, base);
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    const result = await lighthouse(`${base}${path}`, { onlyCategories: ['performance'], disableStorageReset: signIn, logLevel: 'error', output: 'json' }, undefined, page);
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${path}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    // A lost session would measure the sign-in page under /main's name.
    if (new URL(lhr.finalDisplayedUrl).pathname !== path) throw new Error(`Lighthouse ended on ${lhr.finalDisplayedUrl}, not ${path}`);
    return { score: Math.round((lhr.categories.performance.score ?? 0) * 100), lcp: lhr.audits['largest-contentful-paint'].numericValue / 1000 };
  } finally {
    await browser.close();
  }
}

export async function wireBytes() {
  const { base, stop } = await startBenchServer(PORT);
  const results = [];
  try {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      results.push(await transferredFor(browser, base, '/login'));
      results.push(await transferredFor(browser, base, '/main', { signIn: true }));
      // Beside the budgets: a Chinese page loads its own font, an English one none.
      results.push({ ...(await transferredFor(browser, base, '/login', { language: 'zh' })), budget: undefined });
    } finally {
      await browser.close();
    }
    for (const [path, signIn] of [['/login', false], ['/main', true]]) {
      const { score, lcp } = await lighthouseFor(base, path, signIn);
      const who = signIn ? ' (agent01)' : '';
      results.push({ name: `Lighthouse mobile performance ${path}${who}`, value: score, unit: '', budget: PERFORMANCE_SCORE_FLOOR, atLeast: true });
      results.push({ name: `Lighthouse mobile LCP ${path}${who}`, value: Number(lcp.toFixed(2)), unit: 's', budget: LCP_BUDGET_S });
    }
  } finally {
    await stop();
  }
  return results;
}

// `node bench/wire-bytes.mjs`: these figures alone, on the dist/ already built.
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await wireBytes()) console.log(`${r.name.padEnd(52)} ${r.value} ${r.unit}`.trimEnd(), ...(r.notes ?? []).map((n) => `\n    ${n}`));
}
