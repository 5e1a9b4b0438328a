// A machine test waits for a state with a short timeout and says what it waited for and where the
// machine was, instead of running into Vitest's 15 s test timeout (issue 12 §4).
import { waitFor as xstateWaitFor, type AnyActorRef, type SnapshotFrom } from 'xstate';

export const WAIT_FOR_TIMEOUT_MS = 1_000;

export async function waitFor<A extends AnyActorRef>(
  actor: A,
  predicate: (snapshot: SnapshotFrom<A>) => boolean,
  { timeout = WAIT_FOR_TIMEOUT_MS, what }: { timeout?: number; what?: string } = {},
): Promise<SnapshotFrom<A>> {
  try {
    return await xstateWaitFor(actor, predicate, { timeout });
  } catch (error) {
    const snapshot = actor.getSnapshot() as { value?: unknown; status?: string; context?: unknown };
    const expected = what ?? predicate.toString();
    throw new Error(
      `waited ${timeout} ms for ${expected}; the machine is in ${JSON.stringify(snapshot.value)} (${snapshot.status}) with context ${JSON.stringify(snapshot.context)}`,
      { cause: error },
    );
  }
}
