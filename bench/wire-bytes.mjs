// Bytes on the wire (issue 11 §6): what Debian's Chromium actually TRANSFERS to show /login and
// /main (signed in as agent01) from a cold cache, as CDP reports it (Network.loadingFinished
// encodedDataLength: compressed bodies plus headers). Figures only, never asserted by a unit test.
// Lighthouse's figures: lighthouse.mjs (ADR 035).
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, signInAsAgent, startBenchServer } from './bench-server.mjs';

const PORT = Number(process.env.BENCH_WIRE_PORT ?? 8193);
/** Cold-cache transfer to show a page; about a third of the uncompressed 989 KiB of issue 11. */
export const TRANSFER_BUDGET_KB = 350;
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
  } finally {
    await stop();
  }
  return results;
}

// `node bench/wire-bytes.mjs`: these figures alone, on the dist/ already built.
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await wireBytes()) console.log(`${r.name.padEnd(52)} ${r.value} ${r.unit}`.trimEnd(), ...(r.notes ?? []).map((n) => `\n    ${n}`));
}
