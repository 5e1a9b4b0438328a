import { lighthouseFigures } from './lighthouse.mjs';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';
const r = await lighthouseFigures();
for (const x of r) console.log(x.name, x.value);
for (const [label, timings] of Lantern.Simulation.Simulator.allNodeTimings) {
  if (!/LargestContentfulPaint|FirstContentfulPaint/.test(label)) continue;
  console.log('==', label);
  const rows = [...timings.entries()].map(([node, t]) => ({ node, t })).sort((a, b) => a.t.startTime - b.t.startTime);
  for (const { node, t } of rows) {
    const name = node.type === 'network' ? `${node.request?.url?.replace(/^https?:\/\/[^/]+/, '')} ${node.request?.priority} ${Math.round((node.request?.transferSize ?? 0) / 1024)}KB conn=${node.request?.connectionId}` : `CPU ${Math.round(node.duration ?? (node.endTime - node.startTime))}`;
    console.log(Math.round(t.startTime), Math.round(t.endTime), name);
  }
}
