// bench:large's insurer's report (issue 45, ADR 092): GET /api/cpd/report.csv of every licensee,
// read to the end as a client would, timed (budget ≤ 60 s), while the server's resident memory is
// sampled every 100 ms from /proc. Streamed (ADR 087: a ReadableStream pulling a keyset batch of
// 1,000 licensees at a time) means: the first bytes come long before the last (time to first byte
// ≪ total), and the server's memory does not grow with the rows — its peak RSS over the run stays
// far below what the whole CSV, as a JS string and its bytes, would add. Both are printed.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/** The resident set of a process in bytes (Linux /proc), or null elsewhere. */
export function rssOf(pid) {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * Downloads `${base}${path}` with `headers`, counting lines and bytes; samples `pid`'s RSS.
 * Answers seconds, time to first byte (ms), data rows (lines after the header), bytes, and the
 * server's RSS before and at its peak (bytes).
 */
export async function measureReportCsv(base, path, headers, pid) {
  const rssBefore = rssOf(pid);
  let rssPeak = rssBefore ?? 0;
  const sampler = setInterval(() => {
    const now = rssOf(pid);
    if (now !== null && now > rssPeak) rssPeak = now;
  }, 100);
  const started = performance.now();
  try {
    const answer = await fetch(`${base}${path}`, { headers });
    if (!answer.ok) throw new Error(`GET ${path}: ${answer.status} ${await answer.text()}`);
    let firstByteMs = null;
    let bytes = 0;
    let newlines = 0;
    for await (const chunk of answer.body) {
      if (firstByteMs === null) firstByteMs = performance.now() - started;
      bytes += chunk.byteLength;
      for (let i = 0; i < chunk.byteLength; i += 1) if (chunk[i] === 10) newlines += 1;
    }
    return { seconds: (performance.now() - started) / 1000, firstByteMs, rows: newlines - 1, bytes, rssBefore, rssPeak };
  } finally {
    clearInterval(sampler);
  }
}
