import { and, eq, sql } from 'drizzle-orm';
import type { OnScreenTotalResponse } from '../../src/api/schemas/on-screen-log.schema';
import { COURSE_COMPLETED_MESSAGE, ON_SCREEN_CLOCK_SLACK_SECONDS } from '../../src/config/constants';
import type { Db } from '../db/client';
import { attachmentProgress, courseItems, courses, onScreenLogs } from '../db/schema';
import type { AttachmentRow } from './attachments';
import { courseDuration, enrol, isCourseCompleted, publishedCourse, type Tx } from './courses';

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
export type RecordOutcome = 'recorded' | 'exists' | 'completed';

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

/**
 * Stores one record unless its key was seen (the unique index decides, so concurrent duplicates
 * store exactly one). A course already completed takes no more time; a resend of a record it already
 * holds is still 'exists', so a browser that lost the first answer can drop the record.
 */
async function store(
  tx: Tx,
  target: Target,
  values: { courseId: number | null; duration: number; completedPages?: number },
): Promise<RecordOutcome> {
  if (values.courseId !== null && (await isCourseCompleted(tx, target.userId, values.courseId))) {
    return (await recordExists(tx, target)) ? 'exists' : 'completed';
  }
  const inserted = await tx
    .insert(onScreenLogs)
    .values({
      userId: target.userId,
      key: target.key,
      itemId: target.itemId ?? null,
      attachmentId: target.attachmentId ?? null,
      courseId: values.courseId,
      duration: values.duration,
      completedPages: values.completedPages ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: onScreenLogs.id });
  return inserted.length > 0 ? 'recorded' : 'exists';
}

/** PUT on_screen_log/{itemId}: the time counts into the item's course, which it enrols in and may complete. */
export async function recordItemDuration(
  db: Db,
  { userId, item, duration, key, now }: { userId: number; item: { id: number; courseId: number }; duration: number; key: number; now: Date },
): Promise<RecordOutcome> {
  return db.transaction(async (tx) => {
    const outcome = await store(tx, { userId, key, itemId: item.id }, { courseId: item.courseId, duration });
    if (outcome === 'recorded') await enrol(tx, userId, item.courseId, now);
    return outcome;
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
  {
    userId,
    attachment,
    courseId,
    duration,
    completedPages,
    key,
    now,
  }: { userId: number; attachment: AttachmentRow; courseId: number | null; duration: number; completedPages: number; key: number; now: Date },
): Promise<RecordOutcome> {
  return db.transaction(async (tx) => {
    const pages = pagesOf(attachment, completedPages);
    const outcome = await store(tx, { userId, key, attachmentId: attachment.id }, { courseId, duration, completedPages: pages });
    if (outcome !== 'recorded') return outcome;
    await tx
      .insert(attachmentProgress)
      .values({ userId, attachmentId: attachment.id, completedPages: pages })
      .onConflictDoUpdate({
        target: [attachmentProgress.userId, attachmentProgress.attachmentId],
        set: { completedPages: sql`greatest(${attachmentProgress.completedPages}, excluded.completed_pages)` },
      });
    if (courseId !== null) await enrol(tx, userId, courseId, now);
    return outcome;
  });
}

/** GET on_screen_log/course/{courseId}/total (SPEC §3): the seconds so far, or the completed form. */
export async function courseTotal(db: Db, userId: number, courseId: number): Promise<OnScreenTotalResponse> {
  if (await isCourseCompleted(db, userId, courseId)) return [COURSE_COMPLETED_MESSAGE];
  return { total_duration: await courseDuration(db, userId, courseId) };
}
