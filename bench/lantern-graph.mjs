// Why Lighthouse's simulated FCP and LCP of a page are what they are (ADR 071): re-audits the
// artifacts of one saved run (`LIGHTHOUSE_ARTIFACTS=dir node bench/lighthouse.mjs` writes one
// folder per run) without a browser, and prints each node of Lantern's four paint simulations —
// the requests and the main-thread tasks it kept, when each starts and ends in simulated ms, and
// a task's real duration on this machine (Lantern counts it four times).
//   node bench/lantern-graph.mjs DIR [--brief] [--scripts-scaled F]
// --scripts-scaled F first multiplies every script's bytes by F (in a copy): what the page's LCP
// would be with that much less (or more) JavaScript. Not part of `npm run bench`.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.LANTERN_DEBUG = '1';
const lighthouse = (await import('lighthouse')).default;
const Lantern = await import('lighthouse/core/lib/lantern/lantern.js');

const [dir, ...options] = process.argv.slice(2);
if (!dir) throw new Error('usage: node bench/lantern-graph.mjs DIR [--brief] [--scripts-scaled F]');
const brief = options.includes('--brief');
const scaleAt = options.indexOf('--scripts-scaled');
const scale = scaleAt >= 0 ? Number(options[scaleAt + 1]) : 1;

/** A copy of the artifacts with every script response's bytes times `factor`. */
function withScriptsScaled(from, factor) {
  const copy = mkdtempSync(join(tmpdir(), 'lantern-graph-'));
  cpSync(from, copy, { recursive: true });
  const log = JSON.parse(readFileSync(join(copy, 'devtoolslog.json'), 'utf8'));
  const scripts = new Set(log.filter((e) => e.method === 'Network.requestWillBeSent' && e.params.type === 'Script').map((e) => e.params.requestId));
  for (const e of log) {
    if (!scripts.has(e.params?.requestId)) continue;
    if (e.method === 'Network.loadingFinished' || e.method === 'Network.dataReceived') e.params.encodedDataLength = Math.round(e.params.encodedDataLength * factor);
  }
  writeFileSync(join(copy, 'devtoolslog.json'), JSON.stringify(log));
  return copy;
}

// Lighthouse simulates each paint again for some insights, under the same label and from the
// trace's own requests: the first simulation of each label is the metric's, so it is the one kept.
const simulations = Lantern.Simulation.Simulator.allNodeTimings;
const record = simulations.set.bind(simulations);
simulations.set = (label, timings) => (simulations.has(label) ? simulations : record(label, timings));

const source = scale === 1 ? dir : withScriptsScaled(dir, scale);
try {
  const artifacts = JSON.parse(readFileSync(join(source, 'artifacts.json'), 'utf8'));
  // Lighthouse refuses to audit with other settings than it gathered with.
  const result = await lighthouse(artifacts.URL.requestedUrl, { auditMode: source, onlyCategories: ['performance'], logLevel: 'error', output: 'json', disableStorageReset: artifacts.settings.disableStorageReset });
  const audits = result.lhr.audits;
  console.log(`${artifacts.URL.requestedUrl}${scale === 1 ? '' : ` (scripts' bytes × ${scale})`}: FCP ${Math.round(audits['first-contentful-paint'].numericValue)} ms, LCP ${Math.round(audits['largest-contentful-paint'].numericValue)} ms (each the mean of its optimistic and pessimistic simulation)`);
  for (const [label, timings] of Lantern.Simulation.Simulator.allNodeTimings) {
    if (!/ContentfulPaint$/.test(label)) continue;
    const rows = [...timings].sort((a, b) => a[1].endTime - b[1].endTime || a[1].startTime - b[1].startTime);
    console.log(`\n${label}: ends at ${Math.round(Math.max(...rows.map(([, t]) => t.endTime)))} ms`);
    if (brief) continue;
    for (const [node, t] of rows) {
      const what =
        node.type === 'network'
          ? `${node.request.resourceType} ${new URL(node.request.url).pathname} (${(node.request.transferSize / 1024).toFixed(1)} KB)`
          : `task of ${(node.duration / 1000).toFixed(1)} ms here: ${[...new Set(node.childEvents.filter((e) => e.dur > 2000).map((e) => e.name))].slice(0, 4).join(', ')}`;
      console.log(`  ${String(Math.round(t.startTime)).padStart(5)} → ${String(Math.round(t.endTime)).padStart(5)}  ${what}`);
    }
  }
} finally {
  if (source !== dir) rmSync(source, { recursive: true, force: true });
}
