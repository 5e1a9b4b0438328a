import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPendingWrites, PENDING_WRITE_WAIT_MS, trackWrite } from './page-data';

afterEach(() => vi.useRealTimers());

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const settledYet = (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => (done = true));
  return async () => {
    await Promise.resolve();
    await Promise.resolve();
    await Promise.resolve();
    return done;
  };
};

describe('reads after this tab\'s own writes', () => {
  it('answers at once with nothing in flight', async () => {
    await expect(afterPendingWrites()).resolves.toBeUndefined();
  });

  it('waits for a write in flight, and for a failed one too', async () => {
    const first = deferred();
    const second = deferred();
    trackWrite(first.promise);
    trackWrite(second.promise).catch(() => undefined);
    const done = settledYet(afterPendingWrites());
    expect(await done()).toBe(false);
    first.resolve();
    expect(await done()).toBe(false);
    second.reject(new Error('offline'));
    await vi.waitFor(async () => expect(await done()).toBe(true));
  });

  it('never waits longer than the limit for a write that hangs', async () => {
    vi.useFakeTimers();
    trackWrite(new Promise(() => undefined));
    const done = settledYet(afterPendingWrites());
    await vi.advanceTimersByTimeAsync(PENDING_WRITE_WAIT_MS - 1);
    expect(await done()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await done()).toBe(true);
  });
});
