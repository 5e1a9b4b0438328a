import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AttachmentDetail, AttachmentIntegrity } from '../../src/api/schemas/attachments.schema';
import type { MaterialListResponse, MaterialQuery } from '../../src/api/schemas/materials.schema';
import { ATTACHMENT_CRITERIA, ATTACHMENT_MEDIA, ATTACHMENT_SKIP, VIDEO_COMPLETION_TOLERANCE_SECONDS, type AttachmentType, type Language } from '../../src/config/constants';
import type { Db } from '../db/client';
import { attachmentLikes, attachmentProgress, attachments, courses } from '../db/schema';
import { likePattern, localize, paging, refreshCompletion, type Tx } from './courses';
import { attachmentSummaryOf, type AttachmentRow } from './attachments-summary';
import { hasViewed } from './viewings';

export type { AttachmentRow };

/** How long a generate_download URL opens the stored bytes. */
export const DOWNLOAD_LIFETIME_MS = 5 * 60 * 1000;

/** The check the browser makes before it decrypts (ADR 011): over piece digests for rows that have a
 * piece size, over the whole stored bytes for rows written before. */
function integrityOf(a: AttachmentRow): AttachmentIntegrity | null {
  if (!a.encrypted || !a.macKey || !a.macDigest) return null;
  if (a.macPieceSize === null) return { algorithm: 'HMAC-SHA256', key: a.macKey, digest: a.macDigest };
  return { algorithm: 'HMAC-SHA256-PIECES', key: a.macKey, digest: a.macDigest, piece_size: a.macPieceSize };
}

/** SPEC §9 attachment criteria: only a video must be played to its end (pdf: false; others have none). */
export function criteriaOf(type: AttachmentType): boolean {
  const media = ATTACHMENT_MEDIA[type];
  if (media === 'video') return ATTACHMENT_CRITERIA.video;
  if (media === 'pdf') return ATTACHMENT_CRITERIA.pdf;
  return false;
}

/** SPEC §9 skip: video no, audio yes, pdf no; images and documents have nothing to seek. */
export function skipAllowedOf(type: AttachmentType): boolean {
  const media = ATTACHMENT_MEDIA[type];
  if (media === 'video' || media === 'audio' || media === 'pdf') return ATTACHMENT_SKIP[media];
  return true;
}

/** The first published course with an item showing the attachment (its time counts there). */
function courseOfAttachment(attachmentId: SQL, now: Date): SQL {
  return sql`(select ci.course_id from course_items ci join courses cc on cc.id = ci.course_id
    where ci.attachment_id = ${attachmentId} and cc.published_at <= ${now.toISOString()}::timestamptz order by ci.course_id, ci.id limit 1)`;
}

/** Whether a published classroom course lists the attachment among its materials (issue 14). */
function offlineMaterialOf(attachmentId: SQL, now: Date): SQL<boolean> {
  return sql<boolean>`exists (select 1 from offline_materials om join offline_courses oc on oc.id = om.offline_course_id
    where om.attachment_id = ${attachmentId} and oc.published_at <= ${now.toISOString()}::timestamptz)`;
}

/** A learner may open an attachment of the material library, of a published course, or of a published classroom course's materials. */
export async function findVisibleAttachment(db: Tx, attachmentId: number, now: Date): Promise<{ attachment: AttachmentRow; courseId: number | null } | null> {
  const [row] = await db
    .select({
      attachment: attachments,
      courseId: courseOfAttachment(sql`${attachments.id}`, now).mapWith(Number),
      offline: offlineMaterialOf(sql`${attachments.id}`, now),
    })
    .from(attachments)
    .where(eq(attachments.id, attachmentId));
  if (!row) return null;
  const courseId = row.courseId ? Number(row.courseId) : null;
  if (!row.attachment.isMaterial && courseId === null && !row.offline) return null;
  return { attachment: row.attachment, courseId };
}

/** Every published course with an item showing the attachment: finishing it may complete each. */
export async function coursesShowingAttachment(db: Tx, attachmentId: number, now: Date): Promise<number[]> {
  const rows = await db.execute(
    sql`select distinct ci.course_id from course_items ci join courses cc on cc.id = ci.course_id where ci.attachment_id = ${attachmentId} and cc.published_at <= ${now.toISOString()}::timestamptz`,
  );
  return rowsOf<{ course_id: number | string }>(rows).map((r) => Number(r.course_id));
}

// PGlite answers {rows}, postgres-js an array of rows.
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}

export async function attachmentDetail(db: Db, attachmentId: number, { userId, now }: { userId: number; now: Date }): Promise<AttachmentDetail | null> {
  const found = await findVisibleAttachment(db, attachmentId, now);
  if (!found) return null;
  const { attachment: a, courseId } = found;
  const [progress] = await db
    .select()
    .from(attachmentProgress)
    .where(and(eq(attachmentProgress.userId, userId), eq(attachmentProgress.attachmentId, a.id)));
  const [{ duration, likes, liked }] = rowsOf<{ duration: number | string; likes: number | string; liked: boolean }>(
    await db.execute(sql`select
      coalesce((select s.seconds from attachment_seconds s where s.user_id = ${userId} and s.attachment_id = ${a.id}), 0) as duration,
      (select count(*) from attachment_likes l where l.attachment_id = ${a.id}) as likes,
      exists (select 1 from attachment_likes l where l.attachment_id = ${a.id} and l.user_id = ${userId}) as liked`),
  );
  return {
    ...attachmentSummaryOf(a, Boolean(progress?.finishedAt)),
    course_id: courseId === null ? null : String(courseId),
    encrypted: a.encrypted,
    key: a.encrypted ? a.encryptionKey : null,
    integrity: integrityOf(a),
    stream: a.streamPath && a.streamPlaylist ? { playlist: a.streamPlaylist } : null,
    completed_pages: progress?.completedPages ?? 0,
    duration: Number(duration),
    likes: Number(likes),
    liked: Boolean(liked),
    criteria: criteriaOf(a.type),
    skip_allowed: skipAllowedOf(a.type),
  };
}

export async function likeAttachment(db: Db, userId: number, attachmentId: number, liked: boolean): Promise<void> {
  if (liked) await db.insert(attachmentLikes).values({ userId, attachmentId }).onConflictDoNothing();
  else await db.delete(attachmentLikes).where(and(eq(attachmentLikes.userId, userId), eq(attachmentLikes.attachmentId, attachmentId)));
}

export type FinishOutcome = 'finished' | 'not_watched' | 'not_opened';

/**
 * PUT attachments/{id}/finish. The attachment must have been opened (a viewing). A video (criteria)
 * finishes only once the learner's credited time in it
 * covers the media less the tolerance; anything else at once. Finishing may complete the courses
 * (the learner is enrolled in) that show the attachment.
 */
export async function finishAttachment(db: Db, userId: number, a: AttachmentRow, now: Date): Promise<FinishOutcome> {
  return db.transaction(async (tx) => {
    // ADR 012: completion follows from what the server saw: the attachment was opened, and a video's time credited.
    if (!(await hasViewed(tx, userId, a.id))) return 'not_opened';
    if (criteriaOf(a.type)) {
      const [{ watched }] = rowsOf<{ watched: number | string }>(
        await tx.execute(sql`select coalesce((select seconds from attachment_seconds where user_id = ${userId} and attachment_id = ${a.id}), 0) as watched`),
      );
      if (Number(watched) < a.mediaDuration - VIDEO_COMPLETION_TOLERANCE_SECONDS) return 'not_watched';
    }
    await tx
      .insert(attachmentProgress)
      .values({ userId, attachmentId: a.id, finishedAt: now })
      // The first finish is the one that counts; a repeat changes nothing.
      .onConflictDoUpdate({
        target: [attachmentProgress.userId, attachmentProgress.attachmentId],
        set: { finishedAt: sql`coalesce(${attachmentProgress.finishedAt}, excluded.finished_at)` },
      });
    for (const courseId of await coursesShowingAttachment(tx, a.id, now)) await refreshCompletion(tx, userId, courseId, now);
    return 'finished';
  });
}

/** GET materials: the material library, newest first, with the course that shows each one. */
export async function listMaterials(
  db: Db,
  query: MaterialQuery,
  { userId, lang, now }: { userId: number; lang: Language; now: Date },
): Promise<MaterialListResponse> {
  const courseId = courseOfAttachment(sql`${attachments.id}`, now);
  const where: SQL[] = [eq(attachments.isMaterial, true)];
  if (query.type) where.push(eq(attachments.type, query.type));
  if (query.language) where.push(eq(attachments.language, query.language));
  if (query.q) where.push(sql`${attachments.name} ilike ${likePattern(query.q)}`);
  const [{ total }] = await db.select({ total: count() }).from(attachments).where(and(...where));
  const { limit, offset } = paging(query.page, query.per_page);
  const rows = await db
    .select({
      attachment: attachments,
      courseId: courseId.mapWith(Number),
      courseTitle: courses.title,
      likes: sql`(select count(*) from attachment_likes l where l.attachment_id = ${attachments.id})`.mapWith(Number),
      liked: sql<boolean>`exists (select 1 from attachment_likes l where l.attachment_id = ${attachments.id} and l.user_id = ${userId})`,
      completed: sql<boolean>`exists (select 1 from attachment_progress p where p.attachment_id = ${attachments.id} and p.user_id = ${userId} and p.finished_at is not null)`,
    })
    .from(attachments)
    .leftJoin(courses, eq(courses.id, courseId))
    .where(and(...where))
    .orderBy(desc(attachments.createdAt), asc(attachments.id))
    .limit(limit)
    .offset(offset);
  return {
    data: rows.map((r) => ({
      ...attachmentSummaryOf(r.attachment, Boolean(r.completed)),
      course_id: r.courseTitle ? String(r.courseId) : null,
      course_title: r.courseTitle ? localize(r.courseTitle, lang) : null,
      likes: r.likes,
      liked: Boolean(r.liked),
    })),
    page: query.page,
    per_page: query.per_page,
    total,
  };
}

// ---- Signed download URLs: the token carries the attachment and expiry, HMAC-signed. ----

const b64url = (bytes: Buffer | string) => Buffer.from(bytes).toString('base64url');

export function signDownloadToken(key: Buffer, attachmentId: number, expiresAtMs: number): string {
  const payload = b64url(JSON.stringify({ a: attachmentId, exp: expiresAtMs }));
  return `${payload}.${createHmac('sha256', key).update(payload).digest('base64url')}`;
}

/** The attachment id of a valid, unexpired token; null for anything else (forged, altered, expired, junk). */
export function verifyDownloadToken(key: Buffer, token: string, nowMs: number): number | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = createHmac('sha256', key).update(payload).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const { a, exp } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { a: unknown; exp: unknown };
    if (typeof a !== 'number' || !Number.isSafeInteger(a) || typeof exp !== 'number' || exp <= nowMs) return null;
    return a;
  } catch {
    return null;
  }
}

const OFFICE_MIME: Partial<Record<AttachmentType, string>> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};
const PLAIN_MIME: Record<AttachmentType, string> = {
  ...(OFFICE_MIME as Record<'docx' | 'xlsx' | 'pptx', string>),
  png: 'image/png',
  jpeg: 'image/jpeg',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
  pdf: 'application/pdf',
};

/** Headers of the stored bytes: encrypted ones are opaque; a plain document downloads under its name. */
export function downloadHeaders(a: AttachmentRow): Record<string, string> {
  if (a.encrypted) return { 'Content-Type': 'application/octet-stream' };
  const name = a.name.toLowerCase().endsWith(`.${a.type}`) ? a.name : `${a.name}.${a.type}`;
  // An ASCII fallback for old agents plus the exact UTF-8 name (RFC 6266); quotes and controls dropped.
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return {
    'Content-Type': PLAIN_MIME[a.type],
    'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
  };
}
