import { HEADER, XSRF_COOKIE, type AttachmentType, type CourseKind, type MaterialLanguage } from '../../src/config/constants';
import type { Db } from '../db/client';
import {
  attachmentLikes,
  attachmentProgress,
  attachments,
  courseEnrolments,
  courseItems,
  courseLikes,
  courses,
  departments,
  lessons,
  news,
  offlineCourses,
  onScreenLogs,
  scormItems,
  scormPackages,
  type LocalizedText,
} from '../db/schema';
import { DEMO_SCORM_PACKAGE_ID, DEMO_SCORM_SOURCE, describeScormPackage } from '../storage/scorm-packages';
import { assertScormRequiredSeconds } from '../domain/scorm';
import type { FileStore } from '../storage/file-store';
import { encryptAttachment } from '../storage/attachment-crypto';
import { createTestContext, type TestContext, type TestContextOptions, type TestRequestInit } from '../test-support';

// Route tests build their own content, so they hold whatever the demo seed becomes.

export interface ContentDeps {
  db: Db;
  files: FileStore;
}

export interface ContentTestContext extends TestContext {
  deps: ContentDeps;
}

export interface Learner {
  token: string;
  /** ctx.request as this learner: bearer, and the XSRF cookie bound to this learner's session. */
  request(path: string, init?: TestRequestInit): Promise<Response>;
}

/** Signs in and keeps this session's XSRF cookie, so several learners can send writes in any order. */
export async function signIn(ctx: TestContext, externalId: string, password = 'Learner2026'): Promise<Learner> {
  const token = await ctx.login(externalId, password);
  const cookie = ctx.xsrfCookie()!;
  return {
    token,
    request: (path, init = {}) =>
      ctx.request(path, { token, ...init, headers: { Cookie: `${XSRF_COOKIE}=${cookie}`, [HEADER.xsrf]: cookie, ...(init.headers as Record<string, string>) } }),
  };
}

/** A test app with no learning content at all (whatever the demo seed holds is removed) and its own
 * copy of the file store, which the factory writes to. */
export async function createContentTestContext(config?: TestContextOptions['config']): Promise<ContentTestContext> {
  const ctx = await createTestContext({ privateFiles: true, config });
  await resetContent(ctx.database.db);
  return Object.assign(ctx, { deps: { db: ctx.database.db, files: ctx.services.files } });
}

/** A text with a recognisable translation per language. */
export const tri = (en: string, zh = `${en}（繁）`, cn = `${en}（简）`): LocalizedText => ({ en, zh, cn });

/** Removes every course, attachment and news row (and what hangs off them), whatever a seed put there. */
export async function resetContent(db: Db): Promise<void> {
  // Classroom courses first (ADR 031): their prerequisites and materials point at courses and attachments.
  for (const table of [offlineCourses, news, onScreenLogs, attachmentProgress, attachmentLikes, courseLikes, courseEnrolments, courseItems, scormPackages, lessons, courses, attachments, departments]) {
    await db.delete(table);
  }
}

export async function createDepartment(db: Db, name: LocalizedText): Promise<number> {
  const [row] = await db.insert(departments).values({ name }).returning({ id: departments.id });
  return row.id;
}

export async function createCourse(
  db: Db,
  c: { departmentId: number; title: LocalizedText; description?: LocalizedText; kind?: CourseKind; publishedAt: Date; clicks?: number; cpdHours?: number; coverUrl?: string },
): Promise<number> {
  const [row] = await db
    .insert(courses)
    .values({
      departmentId: c.departmentId,
      title: c.title,
      description: c.description ?? tri(`About ${c.title.en}`),
      kind: c.kind ?? 'compulsory',
      publishedAt: c.publishedAt,
      clicks: c.clicks ?? 0,
      cpdHours: c.cpdHours ?? 1,
      coverUrl: c.coverUrl ?? null,
    })
    .returning({ id: courses.id });
  return row.id;
}

export async function createLesson(db: Db, courseId: number, title: LocalizedText, position = 1): Promise<number> {
  const [row] = await db.insert(lessons).values({ courseId, title, position }).returning({ id: lessons.id });
  return row.id;
}

export async function createReadingItem(
  db: Db,
  i: { courseId: number; lessonId: number; title: LocalizedText; body?: LocalizedText; requiredSeconds: number; position?: number },
): Promise<number> {
  const [row] = await db
    .insert(courseItems)
    .values({
      courseId: i.courseId,
      lessonId: i.lessonId,
      kind: 'reading',
      title: i.title,
      body: i.body ?? tri(`Text of ${i.title.en}`),
      requiredSeconds: i.requiredSeconds,
      position: i.position ?? 1,
    })
    .returning({ id: courseItems.id });
  return row.id;
}

/** A SCORM item running the demo package (installed here when missing; ADR 029). */
export async function createScormItem(db: Db, i: { courseId: number; lessonId: number; title: LocalizedText; requiredSeconds: number; position?: number }): Promise<number> {
  const pkg = describeScormPackage(DEMO_SCORM_SOURCE);
  await db.insert(scormPackages).values({ id: DEMO_SCORM_PACKAGE_ID, version: pkg.version, launchFile: pkg.launchFile, files: pkg.files }).onConflictDoNothing();
  const [row] = await db
    .insert(courseItems)
    .values({ courseId: i.courseId, lessonId: i.lessonId, kind: 'scorm', title: i.title, requiredSeconds: assertScormRequiredSeconds(i.requiredSeconds), position: i.position ?? 1 })
    .returning({ id: courseItems.id });
  await db.insert(scormItems).values({ itemId: row.id, packageId: DEMO_SCORM_PACKAGE_ID });
  return row.id;
}

export async function createAttachmentItem(
  db: Db,
  i: { courseId: number; lessonId: number; attachmentId: number; title: LocalizedText; position?: number },
): Promise<number> {
  const [row] = await db
    .insert(courseItems)
    .values({ courseId: i.courseId, lessonId: i.lessonId, kind: 'attachment', title: i.title, attachmentId: i.attachmentId, position: i.position ?? 1 })
    .returning({ id: courseItems.id });
  return row.id;
}

export interface AttachmentInput {
  name: string;
  type: AttachmentType;
  language?: MaterialLanguage;
  /** The plain content: stored encrypted unless `encrypted` is false (office documents). */
  content: Uint8Array;
  encrypted?: boolean;
  mediaDuration?: number;
  pageCount?: number;
  isMaterial?: boolean;
  /** An HLS rendition: its files (playlist and segments) and its AES-128 key. */
  stream?: { playlist: string; files: Record<string, Uint8Array | string>; key: Uint8Array };
}

/** Writes the attachment's file(s) through the file store and its row; answers the row id and what was stored. */
export async function createAttachment(deps: ContentDeps, a: AttachmentInput): Promise<{ id: number; stored: Buffer; storagePath: string }> {
  const encrypted = a.encrypted ?? true;
  const sealed = encrypted ? encryptAttachment(a.content) : null;
  const stored = sealed ? sealed.stored : Buffer.from(a.content);
  const folder = `test/${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const storagePath = `${folder}/${a.name}${encrypted ? '.enc' : ''}`;
  await deps.files.write(storagePath, stored);
  if (a.stream) {
    for (const [name, bytes] of Object.entries(a.stream.files)) {
      await deps.files.write(`${folder}/hls/${name}`, typeof bytes === 'string' ? Buffer.from(bytes) : bytes);
    }
  }
  const [row] = await deps.db
    .insert(attachments)
    .values({
      name: a.name,
      type: a.type,
      language: a.language ?? 'en',
      storagePath,
      size: stored.length,
      encrypted,
      encryptionKey: sealed?.key ?? null,
      macKey: sealed?.macKey ?? null,
      macDigest: sealed?.macDigest ?? null,
      macPieceSize: sealed?.macPieceSize ?? null,
      streamPath: a.stream ? `${folder}/hls` : null,
      streamPlaylist: a.stream?.playlist ?? null,
      streamKey: a.stream ? Buffer.from(a.stream.key).toString('base64') : null,
      mediaDuration: a.mediaDuration ?? 0,
      pageCount: a.pageCount ?? 0,
      isMaterial: a.isMaterial ?? true,
    })
    .returning({ id: attachments.id });
  return { id: row.id, stored, storagePath };
}

export async function createNews(
  db: Db,
  n: { kind: 'news' | 'highlight'; title: LocalizedText; body?: LocalizedText; publishedAt: Date; courseId?: number | null },
): Promise<number> {
  const [row] = await db
    .insert(news)
    .values({ kind: n.kind, title: n.title, body: n.body ?? tri(`Body of ${n.title.en}`), publishedAt: n.publishedAt, courseId: n.courseId ?? null })
    .returning({ id: news.id });
  return row.id;
}

/** ADR 012: the learner opens an item or attachment (POST viewings) at the server's now; answers the viewing's id. */
export async function openViewing(learner: Learner, target: { item_id?: number; attachment_id?: number }): Promise<string> {
  const json = Object.fromEntries(Object.entries(target).map(([k, v]) => [k, String(v)]));
  const res = await learner.request('/api/viewings', { method: 'POST', json });
  if (res.status !== 201) throw new Error(`POST /api/viewings answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}
