import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { OnScreenTotalResponse } from '../../src/api/schemas/on-screen-time.schema';
import type { OnScreenCredit } from '../../src/api/schemas/viewings.schema';
import { COURSE_COMPLETED_MESSAGE, ON_SCREEN_CLOCK_SLACK_SECONDS, VIEWING_MAX_SECONDS } from '../../src/config/constants';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import { attachmentProgress, courseItems, courses, creditedSpans, onScreenLogs } from '../db/schema';
import type { AttachmentRow } from './attachments';
import { courseDuration, enrol, isCourseCompleted, publishedCourse, type Tx } from './courses';
import { creditRecord, type CreditResult } from './on-screen-time-credit';
import { identityCovers, lockLearner, type ViewingRow } from './viewings';

// SPEC §4 "On-screen time tracking": time is counted exactly once (the browser's key makes a resend
// a no-op), never inflated (a record cannot hold more seconds than passed since its key), and never
// added to a completed course.

export type ClaimCheck = 'ok' | 'too_long' | 'future_key';

/** A record began at `key` (ms): it cannot hold more seconds than have passed since, give or take the slack. */
export function checkClaim(nowMs: number, key: number, duration: number): ClaimCheck {
  const slackMs = ON_SCREEN_CLOCK_SLACK_SECONDS * 1000;
  if (key > nowMs + slackMs) return 'future_key';
  if (duration > (nowMs - key) / 1000 + ON_SCREEN_CLOCK_SLACK_SECONDS) return 'too_long';
  return 'ok';
}

/** 'exists': the record was already stored (answered 403 'Record exists'); 'completed': refused, the course is done. */
export type RecordOutcome = { outcome: 'recorded'; credit: OnScreenCredit } | { outcome: 'exists' } | { outcome: 'completed' };

export async function findPublishedItem(db: Tx, itemId: number, now: Date): Promise<{ id: number; courseId: number } | undefined> {
  const [row] = await db
    .select({ id: courseItems.id, courseId: courseItems.courseId })
    .from(courseItems)
    .innerJoin(courses, eq(courses.id, courseItems.courseId))
    .where(and(eq(courseItems.id, itemId), publishedCourse(now)));
  return row;
}

interface Target {
  userId: number;
  key: number;
  itemId?: number;
  attachmentId?: number;
}

async function recordExists(tx: Tx, { userId, key, itemId, attachmentId }: Target): Promise<boolean> {
  const [row] = await tx
    .select({ id: onScreenLogs.id })
    .from(onScreenLogs)
    .where(
      and(
        eq(onScreenLogs.userId, userId),
        eq(onScreenLogs.key, key),
        sql`coalesce(${onScreenLogs.itemId}, 0) = ${itemId ?? 0}`,
        sql`coalesce(${onScreenLogs.attachmentId}, 0) = ${attachmentId ?? 0}`,
      ),
    );
  return row !== undefined;
}

/** What the server needs to place a record on its own timeline (ADR 012). */
export interface Claim {
  viewing: ViewingRow;
  duration: number;
  /** The device's clock minus the server's when it sent the record (0 when it did not say). */
  clientOffsetMs: number;
  now: Date;
  config: ServerConfig;
}

const toSecond = (ms: number) => Math.floor(ms / 1000);

/** ADR 012: the seconds of the record credited, and where (distinct server seconds in its viewing, under a recent identity check). */
async function credit(tx: Tx, userId: number, key: number, claim: Claim): Promise<CreditResult> {
  const viewingStart = toSecond(claim.viewing.startedAt.getTime());
  // Whole seconds on both sides: an honest record (key ≥ the start, key + duration ≤ now) always fits.
  const viewing = { start: viewingStart, end: Math.min(toSecond(claim.now.getTime()), viewingStart + VIEWING_MAX_SECONDS) };
  const claimStart = toSecond(key - claim.clientOffsetMs);
  const window = { start: Math.max(viewing.start, claimStart - ON_SCREEN_CLOCK_SLACK_SECONDS), end: Math.min(viewing.end, claimStart + claim.duration + ON_SCREEN_CLOCK_SLACK_SECONDS) };
  if (window.end <= window.start) return { credited: 0, stretches: [], trimmed: ['viewing'] };
  // Reads sent together (the learner is locked already; neither depends on the other).
  const [taken, covers] = await Promise.all([
    tx
      .select({ startsAt: creditedSpans.startsAt, endsAt: creditedSpans.endsAt })
      .from(creditedSpans)
      .where(and(eq(creditedSpans.userId, userId), lt(creditedSpans.startsAt, new Date(window.end * 1000)), gt(creditedSpans.endsAt, new Date(window.start * 1000)))),
    identityCovers(tx, claim.config, userId, window.start, window.end),
  ]);
  return creditRecord({
    claimStart,
    claimSeconds: claim.duration,
    viewing,
    taken: taken.map((t) => ({ start: toSecond(t.startsAt.getTime()), end: toSecond(t.endsAt.getTime()) })),
    covers,
    tolerance: ON_SCREEN_CLOCK_SLACK_SECONDS,
  });
}

/**
 * Stores one record unless its key was seen (the unique index decides, so concurrent duplicates
 * store exactly one), with the seconds the server credits (ADR 012) and their evidence. A course
 * already completed takes no more time; a resend of a record it already holds is still 'exists',
 * so a browser that lost the first answer can drop the record.
 */
async function store(tx: Tx, target: Target, claim: Claim, values: { courseId: number | null; completedPages?: number }): Promise<RecordOutcome> {
  const { courseCompleted } = await lockLearner(tx, target.userId, values.courseId);
  // Under the lock: whether the key was seen, and where the seconds would go, read together.
  const [exists, result] = await Promise.all([recordExists(tx, target), courseCompleted ? null : credit(tx, target.userId, target.key, claim)]);
  if (exists) return { outcome: 'exists' };
  if (result === null) return { outcome: 'completed' };
  const inserted = await tx
    .insert(onScreenLogs)
    .values({
      userId: target.userId,
      key: target.key,
      itemId: target.itemId ?? null,
      attachmentId: target.attachmentId ?? null,
      courseId: values.courseId,
      duration: result.credited,
      claimedDuration: claim.duration,
      viewingId: claim.viewing.id,
      completedPages: values.completedPages ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: onScreenLogs.id });
  if (inserted.length === 0) return { outcome: 'exists' };
  if (result.stretches.length > 0) {
    await tx.insert(creditedSpans).values(
      result.stretches.map((s) => ({
        userId: target.userId,
        onScreenLogId: inserted[0].id,
        viewingId: claim.viewing.id,
        startsAt: new Date(s.start * 1000),
        endsAt: new Date(s.end * 1000),
        identityCheckId: s.evidence?.identityCheckId ?? null,
        signInSessionId: s.evidence?.signInSessionId ?? null,
      })),
    );
  }
  return { outcome: 'recorded', credit: { claimed: claim.duration, credited: result.credited, trimmed: result.trimmed } };
}

/** PUT on_screen_log/{itemId}: the time counts into the item's course, which it enrols in and may complete. */
export async function recordItemDuration(
  db: Db,
  { userId, item, key, claim }: { userId: number; item: { id: number; courseId: number }; key: number; claim: Claim },
): Promise<RecordOutcome> {
  return db.transaction(async (tx) => {
    const result = await store(tx, { userId, key, itemId: item.id }, claim, { courseId: item.courseId });
    if (result.outcome === 'recorded') await enrol(tx, userId, item.courseId, claim.now);
    return result;
  });
}

const INT4_MAX = 2_147_483_647;

/** A page beyond the document's last is a client bug, not progress (and must not overflow the column). */
function pagesOf(attachment: AttachmentRow, completedPages: number): number {
  return Math.min(completedPages, attachment.pageCount > 0 ? attachment.pageCount : INT4_MAX);
}

/** PUT attachments/{id}/status: the time counts into the attachment's course; completed pages keep their maximum. */
export async function recordAttachmentStatus(
  db: Db,
  { userId, attachment, courseId, completedPages, key, claim }: { userId: number; attachment: AttachmentRow; courseId: number | null; completedPages: number; key: number; claim: Claim },
): Promise<RecordOutcome> {
  return db.transaction(async (tx) => {
    const pages = pagesOf(attachment, completedPages);
    const result = await store(tx, { userId, key, attachmentId: attachment.id }, claim, { courseId, completedPages: pages });
    if (result.outcome !== 'recorded') return result;
    await tx
      .insert(attachmentProgress)
      .values({ userId, attachmentId: attachment.id, completedPages: pages })
      .onConflictDoUpdate({
        target: [attachmentProgress.userId, attachmentProgress.attachmentId],
        set: { completedPages: sql`greatest(${attachmentProgress.completedPages}, excluded.completed_pages)` },
      });
    if (courseId !== null) await enrol(tx, userId, courseId, claim.now);
    return result;
  });
}

/** GET on_screen_log/course/{courseId}/total (SPEC §3): the seconds so far, or the completed form. */
export async function courseTotal(db: Db, userId: number, courseId: number): Promise<OnScreenTotalResponse> {
  if (await isCourseCompleted(db, userId, courseId)) return [COURSE_COMPLETED_MESSAGE];
  return { total_duration: await courseDuration(db, userId, courseId) };
}
