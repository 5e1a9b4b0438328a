// node --import ./bench/request-cpu.mjs server/main.ts (e.g. through bench:load's LOAD_SERVER_NODE_ARGS):
// the process CPU (all threads) between a request's arrival and its answer's end, summed per
// endpoint, printed to stderr when the process exits. At a low rate (bench:load -- --size S) few
// requests overlap, so each endpoint's figure is close to its own cost; at a high one, requests
// share each other's CPU. A bench aid only (ADR 037): the server does not load it.
import http from 'node:http';

const byEndpoint = new Map();
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, req, res) {
  if (event === 'request') {
    const started = process.cpuUsage();
    res.once('finish', () => {
      const used = process.cpuUsage(started);
      const key = `${req.method} ${req.url.split('?')[0].replace(/\/\d+(?=\/|$)/g, '/:id')}`;
      const entry = byEndpoint.get(key) ?? { count: 0, us: 0 };
      entry.count += 1;
      entry.us += used.user + used.system;
      byEndpoint.set(key, entry);
    });
  }
  return emit.apply(this, arguments);
};

process.on('exit', () => {
  if (byEndpoint.size === 0) return;
  const rows = [...byEndpoint].sort((a, b) => b[1].us - a[1].us);
  const total = rows.reduce((sum, [, e]) => sum + e.us, 0);
  const lines = rows.map(([key, e]) => `${key.padEnd(44)} ${String(e.count).padStart(6)} ${(e.us / e.count / 1000).toFixed(2).padStart(8)} ms ${((100 * e.us) / total).toFixed(1).padStart(6)}%`);
  process.stderr.write(`request CPU, process ${process.pid} (endpoint, count, CPU per request, share):\n${lines.join('\n')}\n`);
});
