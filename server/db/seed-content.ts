import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { AttachmentType } from '../../src/config/constants';
import { encryptAttachment } from '../storage/attachment-crypto';
import type { FileStore } from '../storage/file-store';
import type { Db } from './client';
import { AGENT01_TERM_LIFE, DEMO_ATTACHMENT_LIKES, DEMO_COURSE_LIKES, DEMO_ENROLMENTS } from './fixtures/demo-activity';
import { DEMO_ATTACHMENTS, DEMO_DEPARTMENTS, DEPARTMENT_COVERS, type AttachmentKey, type DemoCourse, type FixtureKey } from './fixtures/demo-catalogue';
import { DEMO_COURSES } from './fixtures/demo-courses';
import { DEMO_FEEDBACK_FORM, DEMO_FEEDBACK_SUBMITTED } from './fixtures/demo-feedback-forms';
import { DEMO_NEWS } from './fixtures/demo-news';
import { DEMO_VOCAB, DEMO_VOCAB_BOOKMARKS } from './fixtures/demo-vocab';
import { DEMO_SCORM_ITEM } from './fixtures/demo-scorm';
import { DEMO_SCORM_PACKAGE_ID, DEMO_SCORM_SOURCE, describeScormPackage } from '../storage/scorm-packages';
import { DEMO_OFFLINE_COURSES, DEMO_OFFLINE_ENQUIRY_EMAIL } from './fixtures/demo-offline-courses';
import { seedManagementDemo } from './seed-management';
import { demoMomentInPeriod, seedCpdDemo, storeCpdDemoEvidence } from './seed-cpd';
import { seedReadingNotes } from './seed-reading-notes';
import { seedNotifications } from './seed-notifications';
import { seedLearningMaps } from './seed-learning-map';
import { DEMO_ATTEMPTS, DEMO_QUIZZES } from './fixtures/demo-quizzes';
import { DEMO_MOCK_ATTEMPTS, DEMO_MOCK_BANK, DEMO_MOCK_PAPER, DEMO_MOCK_TOPICS } from './fixtures/demo-mock-exams';
import { mockPasses } from '../domain/mock-exams';
import { passes, scoreAttempt, type ScoredQuestion } from '../domain/quizzes-scoring';
import { assertScormRequiredSeconds } from '../domain/scorm';
import {
  attachmentLikes,
  attachmentProgress,
  attachments,
  courseEnrolments,
  courseItems,
  courseLikes,
  courses,
  departments,
  feedbackQuestions,
  feedbackResponses,
  lessons,
  mockAnswers,
  mockAttempts,
  mockBankQuestions,
  mockPaperQuestions,
  mockPapers,
  mockTopics,
  news,
  vocabBookmarks,
  vocabEntries,
  offlineCourses,
  offlineEnrolments,
  offlineMaterials,
  offlinePrerequisites,
  offlineSessions,
  onScreenLogs,
  quizAnswers,
  quizAttempts,
  quizQuestions,
  quizzes,
  scormItems,
  scormPackages,
  users,
} from './schema';

export const MEDIA_DIR = fileURLToPath(new URL('./fixtures/media/', import.meta.url));
export const MANIFEST_PATH = `${MEDIA_DIR}manifest.json`;

/** server/db/fixtures/media/manifest.json, written by scripts/make-media-fixtures.sh. */
export interface ManifestEntry {
  file: string;
  type: AttachmentType;
  bytes: number;
  media_duration: number;
  page_count: number;
  /** HLS only: the AES-128 key file, and each segment's name in the playlist (uri) and its file
   * here (stored as .ts.bin: tools take any *.ts for TypeScript). Paths relative to the media folder. */
  key?: string;
  segments?: { uri: string; file: string }[];
}
export type MediaManifest = Record<FixtureKey | 'video_hls', ManifestEntry>;

export function readManifest(): MediaManifest {
  return JSON.parse(readFileSync(MANIFEST_PATH, 'utf8')) as MediaManifest;
}

/** Stored as they are (DESIGN: the browser opens them by URL in a new window). */
export const OFFICE_TYPES: ReadonlySet<AttachmentType> = new Set(['docx', 'xlsx', 'pptx']);

const DAY = 86_400_000;
const media = (file: string) => readFile(`${MEDIA_DIR}${file}`);

type AttachmentRow = typeof attachments.$inferInsert;

/** Writes one attachment's files (a fresh key per attachment) and answers its row. */
async function storeAttachment(files: FileStore, manifest: MediaManifest, key: AttachmentKey): Promise<AttachmentRow> {
  const demo = DEMO_ATTACHMENTS[key];
  const entry = manifest[demo.fixture];
  const plain = await media(entry.file);
  const id = randomUUID();
  const row: AttachmentRow = {
    name: demo.name,
    type: entry.type,
    language: demo.language,
    storagePath: '',
    size: 0,
    encrypted: false,
    mediaDuration: entry.media_duration,
    pageCount: entry.page_count,
    isMaterial: true,
  };
  if (OFFICE_TYPES.has(entry.type)) {
    row.storagePath = `attachments/${id}.${entry.type}`;
    row.size = plain.length;
    await files.write(row.storagePath, plain);
  } else {
    const enc = encryptAttachment(plain);
    Object.assign(row, { storagePath: `attachments/${id}.bin`, size: enc.stored.length, encrypted: true, encryptionKey: enc.key, macKey: enc.macKey, macDigest: enc.macDigest, macPieceSize: enc.macPieceSize });
    await files.write(row.storagePath, enc.stored);
  }
  if ('stream' in demo && demo.stream) {
    const hls = manifest.video_hls;
    const streamPath = `streams/${id}`;
    // The key stays in the row only: the stream_key route answers it to a signed-in learner.
    const playlist = hls.file.split('/').pop()!;
    await files.write(`${streamPath}/${playlist}`, await media(hls.file));
    for (const segment of hls.segments ?? []) await files.write(`${streamPath}/${segment.uri}`, await media(segment.file));
    Object.assign(row, { streamPath, streamPlaylist: playlist, streamKey: (await media(hls.key!)).toString('base64'), mediaDuration: hls.media_duration });
  }
  return row;
}

export interface ContentSeedResult {
  /** false: content was already there (nothing written). */
  seeded: boolean;
  /** Courses in the database afterwards. */
  courses: number;
}

const countCourses = async (db: Db) => (await db.select({ n: count() }).from(courses))[0].n;

/**
 * Fills the learning content (departments, courses, lessons, items, attachments and their files,
 * the demo learners' enrolments, likes and logs, news) when no course exists. Needs the demo users
 * (seedIfEmpty) first. Files are written before the rows: a crash in between leaves unused files,
 * never rows that point at missing ones.
 */
export async function seedContentIfEmpty(db: Db, files: FileStore, now = Date.now()): Promise<ContentSeedResult> {
  const existing = await countCourses(db);
  if (existing > 0) return { seeded: false, courses: existing };
  const manifest = readManifest();
  const stored = new Map<AttachmentKey, AttachmentRow>();
  for (const key of Object.keys(DEMO_ATTACHMENTS) as AttachmentKey[]) stored.set(key, await storeAttachment(files, manifest, key));
  const cpdEvidence = await storeCpdDemoEvidence(files, `${MEDIA_DIR}${manifest.pdf.file}`);

  const seeded = await db.transaction(async (tx) => {
    // Several processes may start together on one PostgreSQL: only the first one seeds.
    await tx.execute(sql`lock table ${courses} in share row exclusive mode`);
    if ((await tx.select({ n: count() }).from(courses))[0].n > 0) return false;
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY);

    const userIds = new Map((await tx.select({ id: users.id, externalId: users.externalId }).from(users)).map((u) => [u.externalId, u.id]));
    const userId = (code: string) => {
      const id = userIds.get(code);
      if (id === undefined) throw new Error(`content seed: demo user ${code} is missing (run seedIfEmpty first)`);
      return id;
    };

    const departmentIds = new Map<string, number>();
    for (const [key, name] of Object.entries(DEMO_DEPARTMENTS)) {
      const [row] = await tx.insert(departments).values({ name }).returning({ id: departments.id });
      departmentIds.set(key, row.id);
    }

    const attachmentIds = new Map<AttachmentKey, number>();
    const attachmentRows = [...stored.entries()];
    const inserted = await tx.insert(attachments).values(attachmentRows.map(([, row]) => row)).returning({ id: attachments.id });
    attachmentRows.forEach(([key], i) => attachmentIds.set(key, inserted[i].id));

    const courseIds = new Map<string, number>();
    const itemIds = new Map<string, { id: number; kind: 'reading' | 'attachment'; seconds: number; attachment?: AttachmentKey }[]>();
    for (const course of DEMO_COURSES) {
      const [row] = await tx
        .insert(courses)
        .values({
          title: course.title,
          description: course.description,
          kind: course.kind,
          departmentId: departmentIds.get(course.department)!,
          publishedAt: at(course.daysAgo),
          coverUrl: DEPARTMENT_COVERS[course.department],
          cpdHours: course.cpdHours,
          clicks: course.clicks,
          createdAt: at(course.daysAgo),
        })
        .returning({ id: courses.id });
      courseIds.set(course.key, row.id);
      itemIds.set(course.key, await insertLessons(tx, row.id, course, attachmentIds));
    }

    for (const e of DEMO_ENROLMENTS) {
      const courseId = courseIds.get(e.course)!;
      const uid = userId(e.user);
      const enrolledAt = at(e.daysAgo);
      // Two days after the enrolment, kept inside this CPD period (issue 45: the ledger counts it now).
      const completedAt = e.completed ? new Date(demoMomentInPeriod(now, e.daysAgo - 2)) : null;
      await tx.insert(courseEnrolments).values({ userId: uid, courseId, enrolledAt, status: e.completed ? 'completed' : 'in_progress', completedAt });
      if (!e.completed && !e.itemsDone) continue;
      // Every item done, with the logs that did it: the totals and the completion rule agree.
      let key = enrolledAt.getTime() + 3_600_000;
      for (const item of itemIds.get(e.course)!) {
        key += 600_000;
        if (item.kind === 'reading') {
          await tx.insert(onScreenLogs).values({ userId: uid, courseId, itemId: item.id, duration: item.seconds + 5, key, createdAt: new Date(key) });
        } else {
          const a = stored.get(item.attachment!)!;
          const attachmentId = attachmentIds.get(item.attachment!)!;
          const duration = Math.max(Math.ceil(a.mediaDuration ?? 0), 8);
          await tx.insert(onScreenLogs).values({ userId: uid, courseId, attachmentId, duration, key, completedPages: a.pageCount || null, createdAt: new Date(key) });
          await tx.insert(attachmentProgress).values({ userId: uid, attachmentId, completedPages: a.pageCount ?? 0, finishedAt: new Date(key + duration * 1000) });
        }
      }
    }

    // agent01 part-way through term-life: its first reading done, its video started.
    const termLife = itemIds.get('term-life')!;
    const agent01 = userId('agent01');
    const startKey = now - 2 * DAY;
    const firstReading = termLife.find((i) => i.kind === 'reading')!;
    const video = termLife.find((i) => i.kind === 'attachment' && DEMO_ATTACHMENTS[i.attachment!].fixture === 'video')!;
    await tx.insert(onScreenLogs).values([
      { userId: agent01, courseId: courseIds.get('term-life')!, itemId: firstReading.id, duration: AGENT01_TERM_LIFE.readingSeconds, key: startKey, createdAt: new Date(startKey) },
      { userId: agent01, courseId: courseIds.get('term-life')!, attachmentId: attachmentIds.get(video.attachment!)!, duration: AGENT01_TERM_LIFE.videoSeconds, key: startKey + 60_000, createdAt: new Date(startKey + 60_000) },
    ]);

    await seedScorm(tx, courseIds.get(DEMO_SCORM_ITEM.course)!);
    await seedQuizzes(tx, { courseIds, userId, now });
    await seedMockExams(tx, { userId, now });
    await seedOfflineCourses(tx, { courseIds, attachmentIds, userId, now });
    await seedManagementDemo(tx, { courseIds, userId, now });
    await seedCpdDemo(tx, { userId, courseIds, now, evidence: cpdEvidence });
    await seedNotifications(tx, { courseIds, userId, now });
    await seedLearningMaps(tx, { courseIds, userId, now });
    await seedVocab(tx, { userId, at });
    await seedReadingNotes(tx, { userId, now });

    await tx.insert(courseLikes).values(DEMO_COURSE_LIKES.map((l) => ({ userId: userId(l.user), courseId: courseIds.get(l.course)! })));
    await tx.insert(attachmentLikes).values(DEMO_ATTACHMENT_LIKES.map((l) => ({ userId: userId(l.user), attachmentId: attachmentIds.get(l.attachment)! })));
    await tx.insert(news).values(
      DEMO_NEWS.map((n) => ({ kind: n.kind, title: n.title, body: n.body, coverUrl: n.cover, courseId: n.course ? courseIds.get(n.course)! : null, publishedAt: at(n.daysAgo) })),
    );
    // Issue 13: every course's feedback form, and the submissions already made (ADR 026).
    await tx.insert(feedbackQuestions).values(
      [...courseIds.values()].flatMap((courseId) =>
        DEMO_FEEDBACK_FORM.map((q, position) => ({ courseId, position, kind: q.kind, text: q.text, required: q.required, options: q.options ?? [] })),
      ),
    );
    for (const f of DEMO_FEEDBACK_SUBMITTED) {
      const courseId = courseIds.get(f.course)!;
      const questions = await tx.select().from(feedbackQuestions).where(eq(feedbackQuestions.courseId, courseId)).orderBy(asc(feedbackQuestions.position));
      const [content, presenter, usefulness] = f.ratings;
      await tx.insert(feedbackResponses).values({
        userId: userId(f.user),
        courseId,
        key: randomUUID(),
        ratingContent: content,
        ratingPresenter: presenter,
        ratingUsefulness: usefulness,
        comment: f.comment,
        answers: questions.filter((q) => q.required).map((q) => (q.kind === 'rating' ? { questionId: q.id, rating: 4 } : { questionId: q.id, optionId: q.options[0].id })),
        submittedAt: at(f.daysAgo),
      });
    }
    return true;
  });
  return { seeded, courses: await countCourses(db) };
}

/** Issue 13 / ADR 029: the demo SCORM package (its files are copied to SCORM_DIR at start) as the last lesson of its course. */
/** ADR 076: the glossary, dated over the last weeks, and agent01's bookmarks. */
async function seedVocab(tx: Db, { userId, at }: { userId: (code: string) => number; at: (daysAgo: number) => Date }) {
  const entries = await tx
    .insert(vocabEntries)
    .values(DEMO_VOCAB.map((v, i) => ({ ...v, createdAt: at(30 - i), updatedAt: at(30 - i) })))
    .returning({ id: vocabEntries.id, wordEn: vocabEntries.wordEn });
  const idOf = new Map(entries.map((e) => [e.wordEn, e.id]));
  await tx.insert(vocabBookmarks).values(DEMO_VOCAB_BOOKMARKS.map((word) => ({ userId: userId('agent01'), vocabId: idOf.get(word)! })));
}

async function seedScorm(tx: Db, courseId: number) {
  const pkg = describeScormPackage(DEMO_SCORM_SOURCE);
  await tx.insert(scormPackages).values({ id: DEMO_SCORM_PACKAGE_ID, version: pkg.version, launchFile: pkg.launchFile, files: pkg.files }).onConflictDoNothing();
  const [{ n }] = await tx.select({ n: count() }).from(lessons).where(eq(lessons.courseId, courseId));
  const [lesson] = await tx.insert(lessons).values({ courseId, position: n, title: DEMO_SCORM_ITEM.lessonTitle }).returning({ id: lessons.id });
  const [item] = await tx
    .insert(courseItems)
    .values({ lessonId: lesson.id, courseId, position: 0, kind: 'scorm', title: DEMO_SCORM_ITEM.itemTitle, requiredSeconds: assertScormRequiredSeconds(DEMO_SCORM_ITEM.requiredSeconds) })
    .returning({ id: courseItems.id });
  await tx.insert(scormItems).values({ itemId: item.id, packageId: DEMO_SCORM_PACKAGE_ID });
}

/**
 * Issue 13: the quizzes of demo-quizzes.ts and the attempts already made, scored by the server's
 * own rules. A passed attempt of a completed enrolment finishes when the enrolment completed.
 */
async function seedQuizzes(tx: Db, { courseIds, userId, now }: { courseIds: Map<string, number>; userId: (code: string) => number; now: number }) {
  const quizIds = new Map<string, { id: number; passMark: number; questions: ScoredQuestion[] }>();
  for (const quiz of DEMO_QUIZZES) {
    const courseId = courseIds.get(quiz.course)!;
    const [row] = await tx
      .insert(quizzes)
      .values({
        courseId,
        kind: quiz.kind,
        title: quiz.title,
        description: quiz.description,
        passMark: quiz.passMark,
        timeLimitMinutes: quiz.timeLimitMinutes,
        attemptsAllowed: quiz.attemptsAllowed,
        retakeAlertAfter: quiz.retakeAlertAfter,
        shuffleOptions: quiz.shuffleOptions ?? false,
        closesAt: quiz.closesInDays === undefined ? null : new Date(now + quiz.closesInDays * 86_400_000),
      })
      .returning({ id: quizzes.id });
    // Issue 43: the pool's other questions share a place with one of the paper's (attempts draw one per place).
    for (const v of quiz.variants ?? []) {
      await tx.insert(quizQuestions).values({ quizId: row.id, position: v.variantOf!, kind: v.kind, text: v.text, points: v.points, required: v.required ?? false, maxChoices: v.maxChoices ?? null, options: v.options ?? [], correctAnswer: v.correct, explanation: v.explanation });
    }
    const questions: ScoredQuestion[] = [];
    for (const [i, q] of quiz.questions.entries()) {
      const [qr] = await tx
        .insert(quizQuestions)
        .values({ quizId: row.id, position: i + 1, kind: q.kind, text: q.text, points: q.points, required: q.required ?? false, maxChoices: q.maxChoices ?? null, options: q.options ?? [], correctAnswer: q.correct, explanation: q.explanation })
        .returning({ id: quizQuestions.id });
      questions.push({ id: qr.id, kind: q.kind, points: q.points, maxChoices: q.maxChoices ?? null, optionIds: q.kind === 'true_false' ? ['true', 'false'] : (q.options ?? []).map((o) => o.id), correctAnswer: q.correct });
    }
    quizIds.set(quiz.course, { id: row.id, passMark: quiz.passMark, questions });
  }

  for (const a of DEMO_ATTEMPTS) {
    const quiz = quizIds.get(a.course)!;
    const uid = userId(a.user);
    const enrolment = DEMO_ENROLMENTS.find((e) => e.user === a.user && e.course === a.course);
    const finishedAt = enrolment?.completed ? new Date(demoMomentInPeriod(now, enrolment.daysAgo - 2)) : new Date(now - a.daysAgo * DAY);
    const startedAt = new Date(finishedAt.getTime() - 8 * 60_000);
    const answers = new Map<number, string[] | string>();
    a.answers.forEach((value, i) => value !== null && answers.set(quiz.questions[i].id, value));
    const { score, fullMarks } = scoreAttempt(quiz.questions, answers);
    const pass = passes(score, quiz.passMark);
    if (enrolment?.completed && !pass) throw new Error(`content seed: ${a.user}'s attempt at ${a.course} must pass (the enrolment is completed)`);
    const [attempt] = await tx
      .insert(quizAttempts)
      .values({ quizId: quiz.id, userId: uid, startedAt, deadlineAt: null, finishedAt, finishedBy: 'learner', score, fullMarks, pass })
      .returning({ id: quizAttempts.id });
    let seq = 0;
    for (const [questionId, value] of answers) {
      seq += 1;
      await tx.insert(quizAnswers).values({ attemptId: attempt.id, questionId, value, seq: 1, savedAt: new Date(startedAt.getTime() + seq * 60_000) });
    }
  }
}

/**
 * Issue 13 mock exams (ADR 028): the IIQE-style bank of demo-mock-exams.ts, one paper of all of it,
 * and agent01's finished exam-mode attempts, scored by the server's own rules.
 */
async function seedMockExams(tx: Db, { userId, now }: { userId: (code: string) => number; now: number }) {
  await tx.insert(mockTopics).values(DEMO_MOCK_TOPICS.map((topic, i) => ({ code: topic.code, position: i + 1, title: topic.title })));
  const questions: ScoredQuestion[] = [];
  for (const q of DEMO_MOCK_BANK) {
    const [row] = await tx
      .insert(mockBankQuestions)
      .values({ topic: q.topic, kind: q.kind, text: q.text, maxChoices: q.maxChoices ?? null, options: q.options, correctAnswer: q.correct, explanation: q.explanation })
      .returning({ id: mockBankQuestions.id });
    questions.push({ id: row.id, kind: q.kind, points: 1, maxChoices: q.maxChoices ?? null, optionIds: q.kind === 'true_false' ? ['true', 'false'] : q.options.map((o) => o.id), correctAnswer: q.correct });
  }
  const [paper] = await tx.insert(mockPapers).values(DEMO_MOCK_PAPER).returning({ id: mockPapers.id });
  await tx.insert(mockPaperQuestions).values(questions.map((q, i) => ({ paperId: paper.id, questionId: q.id, position: i + 1 })));

  for (const a of DEMO_MOCK_ATTEMPTS) {
    const finishedAt = new Date(now - a.daysAgo * DAY);
    const startedAt = new Date(finishedAt.getTime() - 45 * 60_000);
    // A wrong answer: another option (true_false: the other value; multiple: one correct option only).
    const answers = new Map<number, string[]>(
      questions.map((q, i) => {
        if (!a.wrong.includes(i)) return [q.id, q.correctAnswer];
        if (q.kind === 'multiple') return [q.id, q.correctAnswer.slice(0, 1)];
        return [q.id, [q.optionIds.find((id) => !q.correctAnswer.includes(id))!]];
      }),
    );
    const { score, fullMarks } = scoreAttempt(questions, answers);
    const [attempt] = await tx
      .insert(mockAttempts)
      .values({
        paperId: paper.id,
        userId: userId(a.user),
        mode: 'exam',
        startedAt,
        deadlineAt: new Date(startedAt.getTime() + DEMO_MOCK_PAPER.timeLimitMinutes * 60_000),
        finishedAt,
        finishedBy: 'learner',
        score,
        fullMarks,
        pass: mockPasses(score, fullMarks, DEMO_MOCK_PAPER.passPercent),
      })
      .returning({ id: mockAttempts.id });
    await tx.insert(mockAnswers).values([...answers].map(([questionId, value], i) => ({ attemptId: attempt.id, questionId, value, seq: 1, savedAt: new Date(startedAt.getTime() + (i + 1) * 60_000) })));
  }
}

async function insertLessons(tx: Db, courseId: number, course: DemoCourse, attachmentIds: Map<AttachmentKey, number>) {
  const out: { id: number; kind: 'reading' | 'attachment'; seconds: number; attachment?: AttachmentKey }[] = [];
  for (const [position, lesson] of course.lessons.entries()) {
    const [row] = await tx.insert(lessons).values({ courseId, position, title: lesson.title }).returning({ id: lessons.id });
    for (const [itemPosition, item] of lesson.items.entries()) {
      const [itemRow] = await tx
        .insert(courseItems)
        .values({
          lessonId: row.id,
          courseId,
          position: itemPosition,
          kind: item.kind,
          title: item.title,
          body: item.kind === 'reading' ? item.body : null,
          requiredSeconds: item.kind === 'reading' ? item.seconds : 0,
          attachmentId: item.kind === 'attachment' ? attachmentIds.get(item.attachment)! : null,
        })
        .returning({ id: courseItems.id });
      out.push(item.kind === 'reading' ? { id: itemRow.id, kind: 'reading', seconds: item.seconds } : { id: itemRow.id, kind: 'attachment', seconds: 0, attachment: item.attachment });
    }
  }
  return out;
}

/** Issue 14 (ADR 031): the classroom courses of demo-offline-courses.ts with their sessions, prerequisites, materials and enrolments. */
async function seedOfflineCourses(
  tx: Db,
  { courseIds, attachmentIds, userId, now }: { courseIds: Map<string, number>; attachmentIds: Map<AttachmentKey, number>; userId: (code: string) => number; now: number },
) {
  const hours = (h: number) => new Date(now + h * 3_600_000);
  for (const c of DEMO_OFFLINE_COURSES) {
    const [row] = await tx
      .insert(offlineCourses)
      .values({
        title: c.title,
        description: c.description,
        venue: c.venue,
        initiator: c.initiator,
        remarks: c.remarks,
        fee: c.fee,
        enquiryEmail: DEMO_OFFLINE_ENQUIRY_EMAIL,
        durationHours: c.durationHours,
        cpdHours: c.cpdHours,
        quota: c.quota,
        needsApproval: c.needsApproval,
        applicationsOpenAt: hours(c.opensInHours),
        enrolDeadline: hours(c.enrolDeadlineInHours),
        cancelDeadline: hours(c.cancelDeadlineInHours),
        publishedAt: hours(Math.min(c.opensInHours, 0) - 24),
      })
      .returning({ id: offlineCourses.id });
    for (const s of c.sessions) {
      const startsAt = hours(s.startsInHours);
      await tx.insert(offlineSessions).values({
        courseId: row.id,
        title: s.title,
        startsAt,
        endsAt: hours(s.startsInHours + s.hours),
        // The window: from half an hour before the start to half an hour after the end.
        windowOpensAt: hours(s.startsInHours - 0.5),
        windowClosesAt: hours(s.startsInHours + s.hours + 0.5),
        // The codes come from the session's own random secret (issue 43); trainer01 runs every demo session.
        trainerId: userId('trainer01'),
      });
    }
    for (const [i, group] of (c.prerequisites ?? []).entries()) {
      for (const key of group) await tx.insert(offlinePrerequisites).values({ offlineCourseId: row.id, groupNo: i + 1, courseId: courseIds.get(key)! });
    }
    for (const [i, key] of (c.materials ?? []).entries()) await tx.insert(offlineMaterials).values({ offlineCourseId: row.id, attachmentId: attachmentIds.get(key)!, position: i + 1 });
    for (const e of c.enrolments ?? []) {
      const requestedAt = hours(-e.hoursAgo);
      await tx.insert(offlineEnrolments).values({
        courseId: row.id,
        userId: userId(e.user),
        status: e.status,
        termsAcceptedAt: requestedAt,
        requestedAt,
        decidedBy: e.decidedBy ? userId(e.decidedBy) : null,
        decidedAt: e.decidedBy ? hours(-e.hoursAgo + 12) : null,
      });
    }
  }
}
