import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';

// ADR 036: WORKERS=2 really forks: two processes answer on one port, and the primary restarts one
// that is killed. Needs PostgreSQL (PGlite is refused with WORKERS > 1); runs only with
//   TEST_DATABASE_URL=postgres://… npx vitest run server/workers.postgres.test.ts
const adminUrl = process.env.TEST_DATABASE_URL;
const root = fileURLToPath(new URL('..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

describe.skipIf(!adminUrl)('WORKERS=2 on PostgreSQL (TEST_DATABASE_URL)', () => {
  const name = `aa_workers_${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'agent-academy-workers-'));
  const admin = adminUrl ? postgres(adminUrl, { max: 1, onnotice: () => {} }) : undefined;
  let server: ChildProcess | undefined;
  let output = '';

  afterAll(async () => {
    if (server && server.exitCode === null) server.kill('SIGKILL');
    await admin?.unsafe(`drop database if exists ${name} with (force)`);
    await admin?.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const waitFor = (pattern: RegExp, ms: number) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${pattern} within ${ms} ms:\n${output}`)), ms);
      const check = () => {
        const match = pattern.exec(output);
        if (match) {
          clearTimeout(timer);
          server!.stdout!.off('data', check);
          resolve(match);
        }
      };
      server!.stdout!.on('data', check);
      check();
    });

  it('two processes answer on one port; a killed one is replaced; SIGTERM stops them all', { timeout: 120_000 }, async () => {
    await admin!.unsafe(`create database ${name}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    const port = await freePort();
    server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: url.toString(), WORKERS: '2', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WORKER_HEADER: '1', E2E_CLOCK: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitFor(/Agent Academy is running/, 100_000);
    expect(output).toMatch(/processes: 2 workers sharing the port/);

    const pids = async () => {
      const seen = new Set<string>();
      for (let i = 0; i < 12; i++) {
        // A new connection each time: the primary hands connections to the workers in turn.
        const res = await fetch(`http://127.0.0.1:${port}/api/app-config`, { headers: { Connection: 'close' } });
        expect(res.status).toBe(200);
        seen.add(res.headers.get('X-Worker')!);
      }
      return seen;
    };
    const first = await pids();
    expect(first.size).toBe(2);
    expect(first.has(String(server.pid))).toBe(false);

    const [victim] = [...first];
    process.kill(Number(victim), 'SIGKILL');
    await waitFor(new RegExp(`worker ${victim} ended \\(SIGKILL\\): starting another[\\s\\S]*worker (\\d+) listening`), 45_000);
    const after = await pids();
    expect(after.size).toBe(2);
    expect(after.has(victim)).toBe(false);

    const exited = new Promise<number | null>((resolve) => server!.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toMatch(/SIGTERM: stopping 2 worker\(s\)[\s\S]*Stopped\./);
  });
});
