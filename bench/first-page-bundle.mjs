// The first page's bundle: the entry script, every chunk index.html preloads, and the default
// language's catalogue, gzipped. Budget 120 KB (issue 15; 150 KB in issue 2); hls.js and pdf.js must
// not be in it. What it holds and why: ADR 035 (the build renders with Preact through preact/compat:
// 90 KB; 146 KB on React).
// Chunks loaded later — the session code the app awaits at boot, and each page's lazy route chunk —
// are in the browser figure of first-page-browser.mjs, which run.mjs prints beside this one.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const FIRST_PAGE_BUDGET_KB = 120;
const HEAVY = [
  { name: 'hls.js', marker: /hls\.js|HlsJs|Hls\.isSupported/ },
  { name: 'pdf.js', marker: /pdfjs-dist|GlobalWorkerOptions/ },
];

export async function firstPageBundle(dist) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  // The default language's catalogue is imported before the first render, so it counts too.
  const catalogue = readdirSync(join(dist, 'assets')).filter((f) => /^en-[\w-]+\.js$/.test(f)).map((f) => `/assets/${f}`);
  const srcs = [
    ...catalogue,
    ...[...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)].map((m) => m[1]),
  ];
  let bytes = 0;
  const notes = [];
  for (const src of new Set(srcs)) {
    const code = readFileSync(join(dist, src.replace(/^\//, '')));
    const gz = gzipSync(code, { level: 9 }).length;
    bytes += gz;
    notes.push(`${src}: ${(gz / 1024).toFixed(1)} KB gzip`);
    for (const heavy of HEAVY) if (heavy.marker.test(code.toString('utf8'))) notes.push(`  contains ${heavy.name}!`);
  }
  const heavyIn = notes.some((n) => n.includes('contains'));
  for (const heavy of HEAVY) if (!notes.some((n) => n.includes(`contains ${heavy.name}`))) notes.push(`${heavy.name}: absent (loaded only by the pages that play video or show PDFs)`);
  return {
    name: 'first-page bundle: entry + preloads + catalogue (gzip)',
    value: heavyIn ? Infinity : Math.round(bytes / 1024),
    unit: 'KB',
    budget: FIRST_PAGE_BUDGET_KB,
    notes,
  };
}
