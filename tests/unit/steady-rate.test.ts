import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { steadyRate } from '../../bench/steady-rate.mjs';

// ADR 050: the bench's steady rate is an open loop. These check what it counts, not how fast
// anything is: a stall of the server shows in the latencies of the requests due during it, even
// though the generator never waits for an answer before sending the next one.
let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

function serve(answer: (n: number, respond: (status: number) => void, req: IncomingMessage) => void): Promise<string> {
  let n = 0;
  server = createServer((req, res) => answer((n += 1), (status) => res.writeHead(status).end('ok'), req));
  return new Promise((resolve) => server!.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server!.address() as AddressInfo).port}/x`)));
}

describe('steadyRate', () => {
  it('sends rate × seconds requests and counts a stalled answer from when it was due', async () => {
    // The server holds every answer for 300 ms once, from its 100th request on. The stall is long
    // beside what a loaded machine adds to an answer (tens of ms), so the figures below hold on a
    // busy CI machine too: only the stall can push p99 past 150 ms, and it covers too few requests
    // (about a quarter) to move p50 there.
    let stalledUntil = 0;
    const url = await serve((n, respond) => {
      if (n === 100) stalledUntil = Date.now() + 300;
      const wait = stalledUntil - Date.now();
      if (wait > 0) setTimeout(() => respond(200), wait);
      else respond(200);
    });
    const r = await steadyRate(url, {}, { rate: 400, seconds: 1, connections: 20 });
    expect(r.sent).toBe(400);
    expect(r.errors).toBe(0);
    expect(r.max).toBeGreaterThanOrEqual(290);
    // The requests due during the stall (about 120 of 400) are the slowest: p99 sees it, p50 not.
    expect(r.p99).toBeGreaterThanOrEqual(150);
    expect(r.p50).toBeLessThan(150);
  });

  it('counts an answer that is not a success as an error, not a latency', async () => {
    const url = await serve((n, respond) => respond(n % 10 === 0 ? 500 : 200));
    const r = await steadyRate(url, {}, { rate: 200, seconds: 0.5, connections: 5 });
    expect(r.sent).toBe(100);
    expect(r.errors).toBe(10);
  });

  it('sends the method given, with a new body from body() on each request', async () => {
    const seen: string[] = [];
    const url = await serve((_n, respond, req) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        seen.push(`${req.method} ${text}`);
        respond(200);
      });
    });
    let key = 0;
    const r = await steadyRate(url, { 'content-type': 'application/json' }, { rate: 100, seconds: 0.1, connections: 2, method: 'PUT', body: () => JSON.stringify({ key: (key += 1) }) });
    expect(r.errors).toBe(0);
    expect(seen.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `PUT {"key":${i + 1}}`).sort());
  });
});
