// ADR 030: an identity prompt during a timed attempt stops its clock, pure rules (times in ms of
// the server's clock). The server decides how much time comes back from its own records: when the
// pause began (its own clock, at the pause call) and when the learner passed the identity check
// (the evidence it recorded), never from what the browser says.

/** The most one pause gives back: a prompt answered later than this costs the learner the rest. */
export const PAUSE_CREDIT_CAP_MS = 5 * 60_000;

/** A pause holds (answers wait, the sweep waits) until it is resumed or its cap has passed. */
export function pauseIsLive(pausedAt: number | null, now: number): boolean {
  return pausedAt !== null && now < pausedAt + PAUSE_CREDIT_CAP_MS;
}

/**
 * The time a pause gives back: from its start to the first identity check the learner passed after
 * it, at most the cap; nothing without a passed check (no evidence, no time).
 */
export function pauseCredit(pausedAt: number, passedAt: number | null): number {
  if (passedAt === null || passedAt < pausedAt) return 0;
  return Math.min(passedAt - pausedAt, PAUSE_CREDIT_CAP_MS);
}

/**
 * How many pauses an attempt may have begun by `now`: continual authentication prompts at least
 * its minimum interval apart (SPEC §4, §9), so one at any time and one more per interval since the
 * start. A script calling pause more often gets 409, never more time.
 */
export function pausesAllowed(startedAt: number, now: number, minIntervalMs: number): number {
  return 1 + Math.floor(Math.max(0, now - startedAt) / Math.max(1000, minIntervalMs));
}
