import { dropEarly, holdEarly } from './early-requests';

// Reads after this tab's own writes. Leaving a lesson sends its on-screen record while the course
// page is already asking for the course: without waiting, the page could show a reading the server
// has just completed as not complete. A read that shows what such writes change waits for them,
// but never longer than PENDING_WRITE_WAIT_MS: a slow network must not hold the page back.

export const PENDING_WRITE_WAIT_MS = 5_000;

const pending = new Set<Promise<unknown>>();

/** Registers a write in flight; answers the same promise. */
export function trackWrite<T>(write: Promise<T>): Promise<T> {
  // Answers asked early for a page (ADR 035) may not show it: dropped, and none asked until it is done.
  dropEarly();
  const release = holdEarly();
  pending.add(write);
  const settled = () => {
    pending.delete(write);
    release();
  };
  write.then(settled, settled);
  return write;
}

/** Resolves once every write in flight now has settled (succeeded or not), or after `limitMs`. */
export function afterPendingWrites(limitMs: number = PENDING_WRITE_WAIT_MS): Promise<void> {
  if (pending.size === 0) return Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, limitMs);
  });
  const all = Promise.allSettled([...pending]).then(() => undefined);
  return Promise.race([all, limit]).finally(() => clearTimeout(timer));
}
