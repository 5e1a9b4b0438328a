import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { ScormCommitPayload, ScormCompletion, ScormRuntime, ScormSuccess } from '../../src/api/schemas/scorm.schema';
import type { Db } from '../db/client';
import { courseItems, itemSeconds, scormItems, scormPackages, scormRuntime } from '../db/schema';
import type { Tx } from './courses';

// Issue 13 / ADR 029: the rules the SCORM runtime's data is kept and counted by (pure), and the
// store that keeps it. No route uses the store yet (ADR 029 step 3). The SQL update says the same
// as isNewerCommit: `UPDATE scorm_runtime … WHERE launch < $launch OR (launch = $launch AND seq < $seq)`.

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
 * The least required time a SCORM item may be given (issue 43 §6): like every other item it is
 * complete only after a viewing the server saw and time it credited, so a package's own "passed",
 * sent in one PUT without ever opening the item, completes nothing. Items stored before with 0
 * count as needing this much (countsAsComplete, and courses.ts itemCompleted in SQL).
 */
export const MIN_SCORM_REQUIRED_SECONDS = 1;

/** Refuses a SCORM item whose required time is below the least (the seed and the test factory call it). */
export function assertScormRequiredSeconds(requiredSeconds: number): number {
  if (!Number.isInteger(requiredSeconds) || requiredSeconds < MIN_SCORM_REQUIRED_SECONDS) {
    throw new Error(`A SCORM item needs at least ${MIN_SCORM_REQUIRED_SECONDS} s of credited time, not ${requiredSeconds}: its package's status alone must not complete it.`);
  }
  return requiredSeconds;
}

/**
 * The server's verdict on a SCORM item: the package said completed (or passed) and not failed,
 * AND the learner's credited on-screen time for the item (ADR 010/012) reached the item's required
 * time, and at least MIN_SCORM_REQUIRED_SECONDS. The SCO's own session_time never counts.
 */
export function countsAsComplete(input: {
  completion: ScormCompletion;
  success: ScormSuccess;
  creditedSeconds: number;
  requiredSeconds: number;
}): boolean {
  const saidDone = input.completion === 'completed' || input.success === 'passed';
  return saidDone && input.success !== 'failed' && input.creditedSeconds >= Math.max(input.requiredSeconds, MIN_SCORM_REQUIRED_SECONDS);
}

export type ScormRuntimeRow = typeof scormRuntime.$inferSelect;

export interface ScormItem {
  itemId: number;
  courseId: number;
  requiredSeconds: number;
  packageId: string;
  version: '1.2' | '2004';
  launchFile: string;
}

/** The SCORM item with its package; undefined when the item runs no package. */
export async function findScormItem(db: Tx, itemId: number): Promise<ScormItem | undefined> {
  const [row] = await db
    .select({
      itemId: scormItems.itemId,
      courseId: courseItems.courseId,
      requiredSeconds: courseItems.requiredSeconds,
      packageId: scormPackages.id,
      version: scormPackages.version,
      launchFile: scormPackages.launchFile,
    })
    .from(scormItems)
    .innerJoin(courseItems, eq(courseItems.id, scormItems.itemId))
    .innerJoin(scormPackages, eq(scormPackages.id, scormItems.packageId))
    .where(eq(scormItems.itemId, itemId));
  return row;
}

/** Seconds the server credited to the learner on this item (ADR 010/012). */
export async function creditedItemSeconds(db: Tx, userId: number, itemId: number): Promise<number> {
  // The sum of the item's records, kept by triggers (ADR 052).
  const [row] = await db
    .select({ total: itemSeconds.seconds })
    .from(itemSeconds)
    .where(and(eq(itemSeconds.userId, userId), eq(itemSeconds.itemId, itemId)));
  return row?.total ?? 0;
}

/** Starts a launch for the learner (creating the row on the first): the answer names its number. */
export async function startLaunch(db: Db, userId: number, itemId: number, now: Date): Promise<ScormRuntimeRow> {
  const [row] = await db
    .insert(scormRuntime)
    .values({ userId, itemId, startedLaunch: 1, updatedAt: now })
    .onConflictDoUpdate({ target: [scormRuntime.userId, scormRuntime.itemId], set: { startedLaunch: sql`${scormRuntime.startedLaunch} + 1` } })
    .returning();
  return row;
}

export type CommitOutcome = { outcome: 'unknown_launch' } | { outcome: 'store' | 'stale'; row: ScormRuntimeRow };

/** Stores a commit when its (launch, seq) is the highest yet; a stale one changes nothing. */
export async function commitRuntime(db: Db, userId: number, itemId: number, c: ScormCommitPayload, now: Date): Promise<CommitOutcome> {
  return db.transaction(async (tx): Promise<CommitOutcome> => {
    const key = and(eq(scormRuntime.userId, userId), eq(scormRuntime.itemId, itemId));
    const [row] = await tx.select().from(scormRuntime).where(key).for('update');
    if (!row) return { outcome: 'unknown_launch' };
    const outcome = classifyCommit({ launch: row.launch, seq: row.seq, startedLaunch: row.startedLaunch }, c);
    if (outcome === 'unknown_launch') return { outcome };
    if (outcome === 'stale') return { outcome, row };
    const [updated] = await tx
      .update(scormRuntime)
      .set({
        launch: c.launch,
        seq: c.seq,
        completion: c.completion,
        success: c.success,
        scoreRaw: c.score?.raw ?? null,
        scoreMin: c.score?.min ?? null,
        scoreMax: c.score?.max ?? null,
        location: c.location,
        suspendData: c.suspend_data,
        cmi: c.cmi,
        finishedAt: c.finished ? now : null,
        updatedAt: now,
      })
      .where(and(key, or(lt(scormRuntime.launch, c.launch), and(eq(scormRuntime.launch, c.launch), lt(scormRuntime.seq, c.seq)))))
      .returning();
    return updated ? { outcome, row: updated } : { outcome: 'stale', row };
  });
}

/** The row as the API answers it (the runtime's data to resume, and the server's verdict). */
export function runtimeView(row: ScormRuntimeRow, item: ScormItem, creditedSeconds: number): ScormRuntime {
  return {
    item_id: String(item.itemId),
    launch_url: `/scorm/${item.packageId}/${item.launchFile}`,
    version: item.version,
    launch: row.startedLaunch,
    // A launch the GET just started has no commit yet.
    seq: row.launch === row.startedLaunch ? row.seq : 0,
    entry: entryOf(row),
    completion: row.completion,
    success: row.success,
    score: row.scoreRaw === null ? null : { raw: row.scoreRaw, min: row.scoreMin, max: row.scoreMax },
    location: row.location,
    suspend_data: row.suspendData,
    cmi: row.cmi,
    counted_complete: countsAsComplete({ completion: row.completion, success: row.success, creditedSeconds, requiredSeconds: item.requiredSeconds }),
  };
}
