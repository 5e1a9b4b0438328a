import type { AnyActor } from 'xstate';

/**
 * Waits until the on-screen timer has no request in flight: its outbox is not flushing and its
 * course total is not loading. By the wall clock, not a count of event-loop turns: on PostgreSQL
 * an answer waits for a socket, and a busy machine turns the loop many times before it comes.
 */
export async function settleOnScreenTimer(actor: AnyActor, timeoutMs = 10_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    await new Promise<void>((r) => setImmediate(r));
    const snap = actor.getSnapshot();
    if (!snap.matches({ outbox: 'flushing' }) && !snap.matches({ timer: { active: 'loading' } })) return;
  }
  throw new Error('the timer never settled');
}
