// A steady rate, open loop (issue 15: "p99 ≤ 15 ms at a steady 1,000 requests/s"). autocannon's
// `overallRate` is not steady: each connection sends its share of a second as fast as it can at the
// start of that second, then waits, so 1,000 req/s arrived as a burst of 1,000 in about 0.2 s, and
// its latencies were then corrected for coordinated omission with a 1 ms interval (ADR 049). Here one
// request is due every 1/rate s, whether or not the earlier ones have been answered (keep-alive
// connections, at most `connections` in flight, the rest queued), and each latency is counted from
// the moment the request was due (or left, if it left up to 1 ms early): a server or generator
// falling behind shows in the figures.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';
import { percentile } from './percentile.mjs';


/**
 * Sends `method` (GET unless given) `url` with `headers` at `rate` per second for `seconds`, with
 * `body()`'s text as each request's body when given (a PUT's record needs a new key each time);
 * resolves with the requests sent, the rate achieved, p50/p99/max latency in ms (from each
 * request's due time) and errors.
 */
export async function steadyRate(url, headers, { rate = 1000, seconds = 10, connections = 20, method = 'GET', body } = {}) {
  const { origin, pathname, search } = new URL(url);
  const pool = new Pool(origin, { connections, pipelining: 1 });
  const latencies = [];
  let errors = 0;
  const answered = [];
  const total = Math.round(rate * seconds);
  const start = performance.now();
  try {
    for (let i = 0; i < total; i += 1) {
      const due = start + (i * 1000) / rate;
      const ahead = due - performance.now();
      // Timers fire on whole milliseconds: requests due within the next one leave together.
      if (ahead >= 1) await sleep(Math.floor(ahead));
      // From when it was due, or from when it left if that was earlier (never less than the answer took).
      const from = Math.min(due, performance.now());
      answered.push(
        pool.request({ path: pathname + search, method, headers, ...(body ? { body: body() } : {}) }).then(
          async (res) => {
            await res.body.dump();
            if (res.statusCode >= 200 && res.statusCode < 300) latencies.push(performance.now() - from);
            else errors += 1;
          },
          () => (errors += 1),
        ),
      );
    }
    await Promise.all(answered);
  } finally {
    await pool.close();
  }
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const round = (ms) => Math.round(ms * 10) / 10;
  return {
    sent: total,
    rps: Math.round(total / elapsed),
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies[latencies.length - 1] ?? Number.NaN),
    errors,
  };
}
