// `npm run bench`: builds the app and prints figures against budgets. Exit code 1 when a budget
// is exceeded. Figures, not tests: no unit test asserts a wall-clock time.
import { spawnSync } from 'node:child_process';
import { firstPageBundle } from './first-page-bundle.mjs';
import { apiLatency } from './api-latency.mjs';
import { firstPageInBrowser } from './first-page-browser.mjs';
import { runDecryptBench } from './decrypt.mjs';
import { wireBytes } from './wire-bytes.mjs';
import { lighthouseFigures } from './lighthouse.mjs';
import { requestCost } from './request-cost.mjs';
import { within, writePerformancePage } from './performance-page.mjs';

const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const results = [...(await firstPageBundle('dist')), ...(await firstPageInBrowser()), ...(await wireBytes()), ...(await lighthouseFigures()), ...(await apiLatency()), ...(await requestCost()), ...(await runDecryptBench())];
let over = 0;
console.log('\nfigure'.padEnd(52) + 'value'.padStart(12) + 'budget'.padStart(12));
for (const r of results) {
  const ok = within(r);
  if (!ok) over += 1;
  console.log(`${ok ? ' ' : '!'} ${r.name.padEnd(49)}${`${r.value} ${r.unit}`.padStart(12)}${r.budget === undefined ? "" : `${r.atLeast ? "≥" : "≤"}${r.budget} ${r.unit}`.padStart(12)}`);
  for (const note of r.notes ?? []) console.log(`    ${note}`);
}
console.log(over ? `\n${over} figure(s) over budget` : '\nall figures within budget');
writePerformancePage(results);
console.log('docs/performance.md rewritten');
process.exit(over ? 1 : 0);
