import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_TYPES, COURSE_KINDS, MATERIAL_LANGUAGES } from '../../src/config/constants';
import { verifyAndDecrypt } from '../storage/attachment-crypto';
import { createFileStore } from '../storage/file-store';
import { createTestContext, type TestContext } from '../test-support';
import { DEMO_ATTACHMENTS } from './fixtures/demo-catalogue';
import { DEMO_COURSES } from './fixtures/demo-courses';
import { MEDIA_DIR, OFFICE_TYPES, readManifest, seedContentIfEmpty } from './seed-content';
import {
  attachmentProgress,
  attachments,
  courseEnrolments,
  courseItems,
  courseLikes,
  courses,
  departments,
  lessons,
  news,
  onScreenLogs,
  quizAttempts,
  quizQuestions,
  quizzes,
  scormItems,
  scormPackages,
  users,
} from './schema';
import { DEMO_SCORM_ITEM } from './fixtures/demo-scorm';
import { DEMO_SCORM_SOURCE } from '../storage/scorm-packages';
import { QUESTION_KINDS } from '../../src/api/schemas/quizzes.schema';
import { localize } from '../domain/courses';
import { listCourseQuizzes, type Caller } from '../domain/quizzes';

// The test context's database is the template seeded by seedIfEmpty + seedContentIfEmpty, and its
// file store is the files that seed wrote (server/test-support.ts).
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const fixture = (file: string) => readFileSync(path.join(MEDIA_DIR, file));
const manifest = readManifest();
const fixtureOf = new Map(Object.values(DEMO_ATTACHMENTS).map((d) => [d.name, d.fixture]));

describe('demo content seed', () => {
  it('has 4 departments, 14 courses over the three kinds, each with 1–3 lessons of items', async () => {
    const db = ctx.database.db;
    expect((await db.select({ n: count() }).from(departments))[0].n).toBe(4);
    const rows = await db.select().from(courses);
    expect(rows).toHaveLength(DEMO_COURSES.length);
    expect(rows.length).toBeGreaterThanOrEqual(12);
    for (const kind of COURSE_KINDS) expect(rows.filter((c) => c.kind === kind).length, kind).toBeGreaterThanOrEqual(3);
    // Published dates spread over months, every text in the three languages.
    const days = rows.map((c) => c.publishedAt.getTime()).sort((a, b) => a - b);
    expect((days.at(-1)! - days[0]) / 86_400_000).toBeGreaterThan(150);
    for (const c of rows) {
      for (const t of [c.title, c.description]) expect(t.en && t.zh && t.cn, c.title.en).toBeTruthy();
      expect(c.coverUrl).toMatch(/^\/assets\/covers\/[a-z]+\.svg$/);
      expect(c.cpdHours).toBeGreaterThan(0);
      const lessonRows = await db.select().from(lessons).where(eq(lessons.courseId, c.id));
      expect(lessonRows.length, c.title.en).toBeGreaterThanOrEqual(1);
      expect(lessonRows.length, c.title.en).toBeLessThanOrEqual(3);
    }
    const readings = await db.select().from(courseItems).where(eq(courseItems.kind, 'reading'));
    for (const r of readings) {
      expect(r.requiredSeconds).toBeGreaterThanOrEqual(10);
      expect(r.requiredSeconds).toBeLessThanOrEqual(60);
      expect(r.body?.en && r.body.zh && r.body.cn).toBeTruthy();
    }
  });

  it('gives the first course the journey: reading (10 s) + HLS video + 4-page PDF, then mp3 + png + docx', async () => {
    const db = ctx.database.db;
    const [first] = await db.select().from(courses).orderBy(asc(courses.id)).limit(1);
    expect(first).toMatchObject({ kind: 'compulsory', title: { en: 'Insurance Ethics and Compliance' } });
    const lessonRows = await db.select().from(lessons).where(eq(lessons.courseId, first.id)).orderBy(asc(lessons.position));
    const itemsOf = async (lessonId: number) => {
      const rows = await db
        .select({ kind: courseItems.kind, requiredSeconds: courseItems.requiredSeconds, attachment: attachments })
        .from(courseItems)
        .leftJoin(attachments, eq(attachments.id, courseItems.attachmentId))
        .where(eq(courseItems.lessonId, lessonId))
        .orderBy(asc(courseItems.position));
      return rows.map((r) => (r.kind === 'reading' ? `reading:${r.requiredSeconds}` : `${r.attachment!.type}${r.attachment!.streamPath ? '+hls' : ''}`));
    };
    expect(await itemsOf(lessonRows[0].id)).toEqual(['reading:10', 'mp4+hls', 'pdf']);
    expect(await itemsOf(lessonRows[1].id)).toEqual(['mp3', 'png', 'docx']);
  });

  it('uses every attachment type and material language, with library-only materials', async () => {
    const rows = await ctx.database.db.select().from(attachments);
    expect(rows).toHaveLength(Object.keys(DEMO_ATTACHMENTS).length);
    expect(new Set(rows.map((a) => a.type))).toEqual(new Set(ATTACHMENT_TYPES));
    expect(rows.every((a) => a.isMaterial)).toBe(true);
    const used = new Set((await ctx.database.db.select({ id: courseItems.attachmentId }).from(courseItems)).map((r) => r.id));
    const libraryOnly = rows.filter((a) => !used.has(a.id));
    expect(new Set(libraryOnly.map((a) => a.language))).toEqual(new Set(MATERIAL_LANGUAGES));
    // Videos keep the manifest's duration (an mp4 without a stream too), PDFs their pages.
    for (const a of rows.filter((r) => r.type === 'mp4')) expect(a.mediaDuration).toBe(manifest.video.media_duration);
    for (const a of rows.filter((r) => r.type === 'pdf')) expect(a.pageCount).toBe(4);
    for (const a of rows.filter((r) => r.type === 'mp3')) expect(a.mediaDuration).toBe(manifest.audio.media_duration);
    expect(rows.some((a) => a.type === 'mp4' && !a.streamPath)).toBe(true);
  });

  it('stores every non-office file encrypted so that it verifies and decrypts to the fixture', async () => {
    const rows = await ctx.database.db.select().from(attachments);
    for (const a of rows) {
      const stored = await ctx.services.files.read(a.storagePath);
      expect(stored.length, a.name).toBe(a.size);
      const original = fixture(manifest[fixtureOf.get(a.name)!].file);
      if (OFFICE_TYPES.has(a.type)) {
        expect(a).toMatchObject({ encrypted: false, encryptionKey: null, macKey: null, macDigest: null });
        expect(stored.equals(original), a.name).toBe(true);
      } else {
        expect(a.encrypted, a.name).toBe(true);
        expect(a.storagePath).toMatch(/^attachments\/[0-9a-f-]{36}\.bin$/);
        expect(stored.subarray(16).includes(original.subarray(0, 32))).toBe(false);
        expect(verifyAndDecrypt(stored, { key: a.encryptionKey!, macKey: a.macKey!, macDigest: a.macDigest!, macPieceSize: a.macPieceSize }).equals(original), a.name).toBe(true);
      }
    }
    // Each attachment has its own key.
    const keys = rows.filter((a) => a.encrypted).map((a) => a.encryptionKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('copies the HLS rendition (playlist + segments, not the key file) and keeps its key in the row', async () => {
    const [video] = (await ctx.database.db.select().from(attachments)).filter((a) => a.streamPath);
    expect(video).toMatchObject({ streamPlaylist: 'index.m3u8', type: 'mp4' });
    expect(Buffer.from(video.streamKey!, 'base64').equals(fixture('hls/key.bin'))).toBe(true);
    const dir = ctx.services.files.resolve(video.streamPath!);
    expect(readdirSync(dir).sort()).toEqual(['index.m3u8', 'seg000.ts', 'seg001.ts', 'seg002.ts']);
    const playlist = (await ctx.services.files.read(`${video.streamPath}/index.m3u8`)).toString();
    expect(playlist).toContain('#EXT-X-KEY:METHOD=AES-128,URI="key.bin"');
    expect(playlist).toContain('#EXT-X-ENDLIST');
  });

  it('gives agent01 seven enrolments (two completed with their logs) and other learners theirs', async () => {
    const db = ctx.database.db;
    const byCode = new Map((await db.select().from(users)).map((u) => [u.externalId, u.id]));
    const mine = await db.select().from(courseEnrolments).where(eq(courseEnrolments.userId, byCode.get('agent01')!));
    expect(mine).toHaveLength(7);
    const done = mine.filter((e) => e.status === 'completed');
    expect(done).toHaveLength(2);
    const logs = await db.select().from(onScreenLogs).where(eq(onScreenLogs.userId, byCode.get('agent01')!));
    const progress = await db.select().from(attachmentProgress).where(eq(attachmentProgress.userId, byCode.get('agent01')!));
    for (const course of done) {
      expect(course.completedAt).not.toBeNull();
      // The completed course's every item is done by the same rules the API applies.
      const items = await db.select().from(courseItems).where(eq(courseItems.courseId, course.courseId));
      for (const item of items) {
        if (item.kind === 'reading') {
          const seconds = logs.filter((l) => l.itemId === item.id).reduce((sum, l) => sum + l.duration, 0);
          expect(seconds).toBeGreaterThanOrEqual(item.requiredSeconds);
        } else {
          expect(progress.find((p) => p.attachmentId === item.attachmentId)?.finishedAt).toBeInstanceOf(Date);
        }
      }
    }
    // The first course is left for the journey to start.
    const [first] = await db.select().from(courses).orderBy(asc(courses.id)).limit(1);
    expect(mine.some((e) => e.courseId === first.id)).toBe(false);
    for (const code of ['agent02', 'agent03', 'manager01']) {
      expect((await db.select().from(courseEnrolments).where(eq(courseEnrolments.userId, byCode.get(code)!))).length, code).toBeGreaterThan(0);
    }
    expect((await db.select().from(courseLikes).where(eq(courseLikes.userId, byCode.get('agent01')!))).length).toBeGreaterThan(0);
    // Enrolment counts differ, so the ranking has an order.
    const counts = await db.select({ courseId: courseEnrolments.courseId, n: count() }).from(courseEnrolments).groupBy(courseEnrolments.courseId);
    expect(new Set(counts.map((c) => c.n)).size).toBeGreaterThan(2);
  });

  it('installs the demo SCORM 1.2 package as the last lesson of the course agent01 is part-way through (issue 13, ADR 029)', async () => {
    const db = ctx.database.db;
    const [pkg] = await db.select().from(scormPackages);
    expect(pkg).toMatchObject({ id: 'demo-12', version: '1.2', launchFile: 'index.html' });
    expect(pkg.files.map((f) => f.path)).toEqual(['imsmanifest.xml', 'index.html', 'sco.css', 'sco.js']);
    for (const f of pkg.files) expect(existsSync(path.join(DEMO_SCORM_SOURCE, f.path)), f.path).toBe(true);
    const [row] = await db.select({ item: courseItems, courseId: courseItems.courseId }).from(scormItems).innerJoin(courseItems, eq(courseItems.id, scormItems.itemId));
    expect(row.item).toMatchObject({ kind: 'scorm', title: DEMO_SCORM_ITEM.itemTitle });
    // Issue 43 §6: the package's status alone never completes it; time on its page is needed too.
    expect(row.item.requiredSeconds).toBeGreaterThanOrEqual(30);
    const [course] = await db.select().from(courses).where(eq(courses.id, row.courseId));
    expect(course.title.en).toBe(DEMO_COURSES.find((c) => c.key === DEMO_SCORM_ITEM.course)!.title.en);
    const [agent01] = await db.select({ id: users.id }).from(users).where(eq(users.externalId, 'agent01'));
    const [enrolment] = await db.select().from(courseEnrolments).where(eq(courseEnrolments.courseId, row.courseId));
    expect(enrolment).toMatchObject({ userId: agent01.id, status: 'in_progress' });
  });

  it('has 6 news and 4 highlights in three languages', async () => {
    const rows = await ctx.database.db.select().from(news);
    expect(rows.filter((n) => n.kind === 'news')).toHaveLength(6);
    expect(rows.filter((n) => n.kind === 'highlight')).toHaveLength(4);
    for (const n of rows) for (const t of [n.title, n.body]) expect(t.en && t.zh && t.cn).toBeTruthy();
  });

  it('does nothing when courses exist: no rows, no files', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'seed-content-test-'));
    try {
      const before = (await ctx.database.db.select({ n: count() }).from(attachments))[0].n;
      expect(await seedContentIfEmpty(ctx.database.db, createFileStore(dir))).toEqual({ seeded: false, courses: DEMO_COURSES.length });
      expect((await ctx.database.db.select({ n: count() }).from(attachments))[0].n).toBe(before);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lets a test tamper with its own copy of the files (privateFiles), never the shared template', async () => {
    const [a] = await ctx.database.db.select().from(attachments).where(eq(attachments.encrypted, true)).limit(1);
    const shared = await ctx.services.files.read(a.storagePath);
    const own = await createTestContext({ privateFiles: true });
    try {
      expect(own.services.files.root).not.toBe(ctx.services.files.root);
      expect((await own.services.files.read(a.storagePath)).equals(shared)).toBe(true);
      const tampered = Buffer.from(shared);
      tampered[20] ^= 1;
      await own.services.files.write(a.storagePath, tampered);
      expect(() => verifyAndDecrypt(tampered, { key: a.encryptionKey!, macKey: a.macKey!, macDigest: a.macDigest!, macPieceSize: a.macPieceSize })).toThrow();
      expect((await ctx.services.files.read(a.storagePath)).equals(shared)).toBe(true);
    } finally {
      await own.close();
    }
    expect(existsSync(own.services.files.root)).toBe(false);
  });

  it('gives every compulsory course a quiz or examination, every question kind, and the quizzes the journeys start (issue 13)', async () => {
    const db = ctx.database.db;
    const byCode = new Map((await db.select().from(users)).map((u) => [u.externalId, u.id]));
    const allQuizzes = await db.select().from(quizzes);
    const compulsory = await db.select().from(courses).where(eq(courses.kind, 'compulsory'));
    for (const c of compulsory) expect(allQuizzes.some((q) => q.courseId === c.id), localize(c.title, 'en')).toBe(true);
    expect(allQuizzes.some((q) => q.kind === 'exam')).toBe(true);
    expect(allQuizzes.some((q) => q.timeLimitMinutes !== null && q.timeLimitMinutes <= 5)).toBe(true);
    const questions = await db.select().from(quizQuestions);
    expect(new Set(questions.map((q) => q.kind))).toEqual(new Set(QUESTION_KINDS));
    expect(questions.some((q) => q.kind === 'multiple' && q.maxChoices !== null)).toBe(true);
    // Issue 43: the examination's pool is larger than its paper (a retake is asked other questions), and options are shuffled.
    const exam = allQuizzes.find((q) => q.kind === 'exam')!;
    const examQuestions = questions.filter((q) => q.quizId === exam.id);
    expect(new Set(examQuestions.map((q) => q.position)).size).toBeLessThan(examQuestions.length);
    expect(exam.shuffleOptions).toBe(true);
    for (const q of questions) {
      for (const text of [q.text, ...q.options.map((o) => o.text)]) expect(text.en && text.zh && text.cn, JSON.stringify(text)).toBeTruthy();
    }

    const caller = (code: string): Caller => ({ userId: byCode.get(code)!, lang: 'en', now: new Date(), config: ctx.config });
    const summaries = async (code: string) => (await Promise.all(compulsory.map((c) => listCourseQuizzes(db, c.id, caller(code))))).flat().map((q) => q!);
    const agent01 = await summaries('agent01');
    // A timed quiz ready to start at once, whose course items are all done.
    expect(agent01.some((q) => q.time_limit_minutes === 3 && q.availability === 'available' && q.attempts_used === 0)).toBe(true);
    // Failed twice already: the retake alert shows, and it may be taken again.
    expect(agent01.some((q) => q.failed_attempts === 2 && q.retake_alert && q.availability === 'available' && q.attempts_allowed === null)).toBe(true);
    // The completed course's examination was passed (completion now needs it).
    const passedExam = agent01.find((q) => q.kind === 'exam')!;
    expect(passedExam).toMatchObject({ availability: 'submitted', best_result: { pass: true } });
    const agent02 = await summaries('agent02');
    expect(agent02.some((q) => q.availability === 'available' && q.attempts_used === 0)).toBe(true);

    // Every seeded completed enrolment of a course with quizzes has them passed.
    const completed = await db.select().from(courseEnrolments).where(eq(courseEnrolments.status, 'completed'));
    const attempts = await db.select().from(quizAttempts);
    for (const e of completed) {
      for (const q of allQuizzes.filter((q) => q.courseId === e.courseId)) {
        expect(attempts.some((a) => a.quizId === q.id && a.userId === e.userId && a.pass), `user ${e.userId} quiz ${q.id}`).toBe(true);
      }
    }
  });
});
