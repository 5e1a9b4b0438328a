import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBackgroundTasks, repeatEvery } from './tasks';

// The periodic work (ADR 025: the quiz sweep) runs every interval, never overlaps itself, and stops.

afterEach(() => vi.useRealTimers());

describe('repeatEvery', () => {
  it('runs the work every interval, skips a tick while the previous run is still going, and stops', async () => {
    vi.useFakeTimers();
    const tasks = createBackgroundTasks(() => {});
    let runs = 0;
    let release: () => void = () => {};
    const stop = repeatEvery(tasks, 'test', 1000, async () => {
      runs += 1;
      await new Promise<void>((resolve) => (release = resolve));
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(runs).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    release();
    stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(2);
    await tasks.idle();
  });

  it('a failing run is logged and the next one still comes', async () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    const tasks = createBackgroundTasks((line) => lines.push(line));
    let runs = 0;
    const stop = repeatEvery(tasks, 'sweep', 1000, async () => {
      runs += 1;
      throw new Error('database away');
    });
    await vi.advanceTimersByTimeAsync(2000);
    stop();
    expect(runs).toBe(2);
    expect(lines).toEqual(['error: background task "sweep" failed: database away', 'error: background task "sweep" failed: database away']);
  });
});
