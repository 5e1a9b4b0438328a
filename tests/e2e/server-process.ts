import { spawn, type ChildProcess } from 'node:child_process';
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

/** Resolves true once the server prints that it listens, false if it exits first; throws after 90 s.
 * It waits for the server's own words, not by polling (ADR 005: no sleeps in tests/e2e). */
function listening(child: ChildProcess, port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const limit = AbortSignal.timeout(90_000);
    let printed = '';
    const finish = (settle: () => void) => {
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
      limit.removeEventListener('abort', onAbort);
      // Its later lines are read and dropped, so that a full pipe never stops it.
      child.stdout?.resume();
      settle();
    };
    const onData = (chunk: Buffer) => {
      printed = (printed + chunk.toString('utf8')).slice(-4096);
      if (printed.includes('Agent Academy is running on')) finish(() => resolve(true));
    };
    const onExit = () => finish(() => resolve(false));
    const onAbort = () =>
      finish(() => {
        child.kill('SIGKILL');
        reject(new Error(`server on ${port} did not start`));
      });
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
    limit.addEventListener('abort', onAbort);
  });
}

async function startOnce(port: number, dataDir: string, env: Record<string, string>): Promise<ServerProcess | null> {
  const child = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, E2E_PORT: String(port), E2E_DATA_DIR: dataDir, SINGLE_DEVICE_SESSIONS: '0', ...env },
  });
  const baseURL = `http://127.0.0.1:${port}`;
  if (!(await listening(child, port))) return null;
  const config = await fetch(`${baseURL}/api/app-config`);
  if (!config.ok) throw new Error(`server on ${port} answers ${config.status}`);
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
