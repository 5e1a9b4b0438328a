// The first pages' JavaScript, from the build's chunk graph (Vite's manifest, read by
// build/first-page-budget.ts, which the build test tests/build/first-page-budget.test.ts holds to
// its budgets): for /login and /main, every script the page loads before it can render
// (the early script, written by build/early-script.ts, the entry and its imports, the session's chunks, the default
// language's catalogue, the page's route chunks and their imports), gzipped. Printed against
// issue 44's goal of 150 KB (ADR 082), beside the build test's budget; hls.js and pdf.js must
// not be in them. The browser's own figure, every script fetched until the page is idle, is
// first-page-browser.mjs's, printed beside these.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';

const HEAVY = [
  { name: 'hls.js', marker: /hls\.js|HlsJs|Hls\.isSupported/ },
  { name: 'pdf.js', marker: /pdfjs-dist|GlobalWorkerOptions/ },
];

export async function firstPageBundle(dist) {
  const { firstPageFigures, FIRST_PAGE_BUDGETS, FIRST_PAGE_GOAL_KB } = await tsImport('../build/first-page-budget.ts', import.meta.url);
  const { firstGetSenders } = await tsImport('../build/first-get-senders.ts', import.meta.url);
  const pages = firstPageFigures(dist).map((figure) => {
    const heavy = HEAVY.filter((h) => figure.scripts.some((s) => h.marker.test(readFileSync(join(dist, s.file), 'utf8'))));
    const budget = FIRST_PAGE_BUDGETS[figure.path];
    return {
      name: `first-page JavaScript of ${figure.path} (gzip)`,
      value: heavy.length > 0 ? Infinity : Math.round(figure.gzipBytes / 1024),
      unit: 'KB',
      budget: FIRST_PAGE_GOAL_KB,
      notes: [
        `${figure.scripts.length} scripts (the build test's budget: ${budget.scripts} scripts, ${budget.kb} KB); the largest: ${[...figure.scripts]
          .sort((a, b) => b.gzipBytes - a.gzipBytes)
          .slice(0, 5)
          .map((s) => `${s.file} ${(s.gzipBytes / 1024).toFixed(1)}`)
          .join(', ')} KB`,
        ...HEAVY.map((h) => `${h.name}: ${heavy.includes(h) ? 'IN THE FIRST PAGE' : 'absent (loaded only by the pages that play video or show PDFs)'}`),
      ],
    };
  });
  // ADR 088: the places a page's first GET is written (the test src/routes/first-reads.test.tsx fails above one).
  const senders = firstGetSenders();
  return [...pages, { name: "places a page's first GET is written", value: senders.length, unit: '', budget: 1, notes: [senders.join(', ')] }];
}

// `node bench/first-page-bundle.mjs`: these figures alone, on the dist/ already built.
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await firstPageBundle('dist')) console.log(`${r.name.padEnd(48)} ${`${r.value} ${r.unit}`.trim()} (${r.unit === 'KB' ? 'goal' : 'budget'} ≤ ${r.budget} ${r.unit})`.replace(' )', ')'), ...r.notes.map((n) => `\n    ${n}`));
}
