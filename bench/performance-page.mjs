// Writes docs/performance.md from one `npm run bench` run: the current figures beside their
// budgets, with the commit, the date and the machine's load, so the page is never a history of
// runs (issue 46). The history of how each figure moved is in the ADRs and docs/scripts.md.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';

/** Whether a figure meets its budget (`atLeast`: the budget is a floor, a throughput, not a ceiling). */
export const within = (r) => r.budget === undefined || (r.atLeast ? r.value >= r.budget : r.value <= r.budget);

export function performancePage(results, { commit, date, load }) {
  const rows = results.map((r) => {
    const budget = r.budget === undefined ? '—' : `${r.atLeast ? '≥' : '≤'} ${r.budget} ${r.unit}`;
    const verdict = r.budget === undefined ? '' : within(r) ? 'met' : '**over**';
    return `| ${r.name} | ${r.value} ${r.unit} | ${budget} | ${verdict} |`;
  });
  return [
    '# Performance: the current figures',
    '',
    `Written by \`npm run bench\` (bench/performance-page.mjs) at ${commit} on ${date}, load average ${load}`,
    '(the machine is shared: CPU-bound figures move with its load). Run it again to rewrite this page.',
    '',
    '| figure | value | budget | |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

export function writePerformancePage(results, file = 'docs/performance.md') {
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
  writeFileSync(file, performancePage(results, { commit, date, load: loadavg().map((l) => l.toFixed(1)).join(' ') }));
}
