/**
 * Work a request starts but does not wait for (e.g. sending an email, so that the answer's timing
 * does not reveal whether the account exists). Tests and shutdown wait for `idle()`.
 */
export function createBackgroundTasks(log: (line: string) => void) {
  const pending = new Set<Promise<void>>();
  return {
    run(name: string, work: () => Promise<void>): void {
      const task = work()
        .catch((error: unknown) => log(`error: background task "${name}" failed: ${error instanceof Error ? error.message : String(error)}`))
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    async idle(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
export type BackgroundTasks = ReturnType<typeof createBackgroundTasks>;

/**
 * Work the server repeats on its own every `intervalMs` (e.g. finishing quiz attempts a browser
 * never came back to), each run through `tasks` so shutdown waits for it; a run never overlaps the
 * previous one. Answers `stop`.
 */
export function repeatEvery(tasks: BackgroundTasks, name: string, intervalMs: number, work: () => Promise<void>): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    tasks.run(name, () => work().finally(() => (running = false)));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
