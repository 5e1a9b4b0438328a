import { expect } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';

/** A real server the journey itself starts and stops (the configured web servers cannot be stopped). */
export interface ServerProcess {
  baseURL: string;
  stop(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /**
   * The data directory is new: if the server exits while creating and seeding it, start once more
   * on an emptied directory. PGlite's first start on a loaded 2-core machine has failed a seed
   * query once (the cause is now printed by server/main.ts); a journey must not fail for that.
   */
  fresh?: boolean;
}

async function startOnce(port: number, dataDir: string, env: Record<string, string>): Promise<ServerProcess | null> {
  const child = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, E2E_PORT: String(port), E2E_DATA_DIR: dataDir, SINGLE_DEVICE_SESSIONS: '0', ...env },
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const answers = () =>
    fetch(`${baseURL}/api/app-config`).then(
      (res) => res.ok,
      () => false, // not listening yet
    );
  // Until it answers or exits (no fixed sleep: ADR 005).
  try {
    await expect.poll(async () => child.exitCode !== null || (await answers()), { timeout: 90_000, intervals: [250] }).toBe(true);
  } catch {
    child.kill('SIGKILL');
    throw new Error(`server on ${port} did not start`);
  }
  if (child.exitCode !== null) return null;
  return {
    baseURL,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export async function startServer(port: number, dataDir: string, { env = {}, fresh = false }: StartOptions = {}): Promise<ServerProcess> {
  const server = await startOnce(port, dataDir, env);
  if (server) return server;
  if (!fresh) throw new Error(`server on ${port} exited while starting`);
  console.warn(`server on ${port} exited while seeding a new database; starting it once more on an empty one`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const again = await startOnce(port, dataDir, env);
  if (!again) throw new Error(`server on ${port} exited while starting (twice)`);
  return again;
}
