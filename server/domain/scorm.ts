import type { ScormCompletion, ScormSuccess } from '../../src/api/schemas/scorm.schema';

// Issue 13 / ADR 029: the rules the SCORM runtime's data is kept and counted by. Pure, so the
// store (not built yet: ADR 029 step 3) and its tests share them. The SQL store must say the same:
// `UPDATE scorm_runtime … WHERE (launch, seq) < ($launch, $seq)`.

export interface CommitPosition {
  launch: number;
  seq: number;
}

/** An incoming commit replaces the stored one only when its (launch, seq) is higher. */
export function isNewerCommit(stored: CommitPosition, incoming: CommitPosition): boolean {
  return incoming.launch > stored.launch || (incoming.launch === stored.launch && incoming.seq > stored.seq);
}

/**
 * What a commit is: `store` (newer), `stale` (older or the same: changes nothing, answered 200 with
 * the stored pair, so a replay is safe), or `unknown_launch` (a launch the server never started: 409).
 */
export function classifyCommit(stored: CommitPosition & { startedLaunch: number }, incoming: CommitPosition): 'store' | 'stale' | 'unknown_launch' {
  if (incoming.launch > stored.startedLaunch) return 'unknown_launch';
  return isNewerCommit(stored, incoming) ? 'store' : 'stale';
}

/** SCORM's cmi.entry for the next launch: resume where a place or suspend data was kept. */
export function entryOf(stored: { location: string; suspendData: string }): 'resume' | 'ab-initio' {
  return stored.location !== '' || stored.suspendData !== '' ? 'resume' : 'ab-initio';
}

/**
 * The server's verdict on a SCORM item: the package said completed (or passed) and not failed,
 * AND the learner's credited on-screen time for the item (ADR 010/012) reached the item's required
 * time. The SCO's own session_time never counts.
 */
export function countsAsComplete(input: {
  completion: ScormCompletion;
  success: ScormSuccess;
  creditedSeconds: number;
  requiredSeconds: number;
}): boolean {
  const saidDone = input.completion === 'completed' || input.success === 'passed';
  return saidDone && input.success !== 'failed' && input.creditedSeconds >= input.requiredSeconds;
}
