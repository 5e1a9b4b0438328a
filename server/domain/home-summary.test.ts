import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeSummarySchema } from '../../src/api/schemas/home-summary.schema';
import type { Db } from '../db/client';
import { courseEnrolments, courses, offlineEnrolments, offlineSessions, quizzes, viewings } from '../db/schema';
import { createTestContext, type TestContext } from '../test-support';
import { createCourse, createDepartment, createLesson, createReadingItem, tri } from '../testing/content-factory';
import { createAgents, createOfflineCourse } from '../testing/offline-factory';
import { dueWindow, homeSummaryFor } from './home-summary';

// Issue 45: the home page's summary, from the server's records and clock. Hong Kong is UTC+8.

const hk = (local: string) => new Date(`${local}+08:00`);
const NOW = hk('2031-03-01T10:00:00');

let ctx: TestContext;
let db: Db;
const ids = { course: 0, item1: 0, item2: 0, hidden: 0, hiddenItem: 0 };

async function view(userId: number, itemId: number, courseId: number, at: Date) {
  await db.insert(viewings).values({ userId, courseId, itemId, startedAt: at });
}

async function exam(courseId: number, closesAt: Date | null, title = 'Exam') {
  const [row] = await db.insert(quizzes).values({ courseId, kind: 'exam', title: tri(title), description: tri('d'), passMark: 1, closesAt }).returning({ id: quizzes.id });
  return row.id;
}

async function seat(userId: number, courseId: number, status: 'confirmed' | 'pending' | 'waiting' | 'cancelled' = 'confirmed') {
  await db.insert(offlineEnrolments).values({ courseId, userId, status, requestedAt: NOW });
}

async function sessionAt(start: Date, title: string) {
  const courseId = await createOfflineCourse(db, { title, now: NOW, sessionStart: start });
  const [s] = await db.select({ id: offlineSessions.id }).from(offlineSessions).where(eq(offlineSessions.courseId, courseId));
  return { courseId, sessionId: s.id };
}

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  const dept = await createDepartment(db, tri('Home tests'));
  ids.course = await createCourse(db, { departmentId: dept, title: tri('Home course'), publishedAt: hk('2031-01-01T00:00:00') });
  const lesson = await createLesson(db, ids.course, tri('Lesson'));
  ids.item1 = await createReadingItem(db, { courseId: ids.course, lessonId: lesson, title: tri('First reading'), requiredSeconds: 60 });
  ids.item2 = await createReadingItem(db, { courseId: ids.course, lessonId: lesson, title: tri('Second reading'), requiredSeconds: 60, position: 2 });
  ids.hidden = await createCourse(db, { departmentId: dept, title: tri('Not yet published'), publishedAt: hk('2031-06-01T00:00:00') });
  const hiddenLesson = await createLesson(db, ids.hidden, tri('Hidden lesson'));
  ids.hiddenItem = await createReadingItem(db, { courseId: ids.hidden, lessonId: hiddenLesson, title: tri('Hidden reading'), requiredSeconds: 60 });
}, 60_000);
afterAll(() => ctx?.close());

describe('the next 14 days are Hong Kong days', () => {
  it.each([
    ['2031-03-01T00:00:00', '2031-03-16T00:00:00'],
    ['2031-03-01T23:59:59', '2031-03-16T00:00:00'],
    ['2031-03-02T00:00:00', '2031-03-17T00:00:00'],
    // One second into 2 March (Hong Kong) moves the end a day on.
    ['2031-03-02T00:00:01', '2031-03-17T00:00:00'],
  ])('at %s HK the window ends at %s HK', (local, end) => {
    expect(dueWindow(hk(local))).toEqual({ from: hk(local), until: hk(end) });
  });
});

describe('continue where you left off', () => {
  it('is the last item the learner viewed, in their language, and nobody else’s', async () => {
    const [me, other] = await createAgents(db, 'homecont', 2);
    await view(me, ids.item1, ids.course, hk('2031-02-27T09:00:00'));
    await view(me, ids.item2, ids.course, hk('2031-02-28T09:00:00'));
    // Another learner's later viewing is not mine.
    await view(other, ids.item1, ids.course, hk('2031-03-01T09:00:00'));
    const mine = await homeSummaryFor(db, me, NOW, 'zh');
    expect(homeSummarySchema.parse(mine).continue).toEqual({
      course_id: String(ids.course),
      item_id: String(ids.item2),
      course_title: 'Home course（繁）',
      item_title: 'Second reading（繁）',
      viewed_at: hk('2031-02-28T09:00:00').toISOString(),
    });
    expect((await homeSummaryFor(db, other, NOW, 'en')).continue).toMatchObject({ item_id: String(ids.item1), item_title: 'First reading' });
  });

  it('offers no item the learner can no longer open (its course taken back), but the one before it', async () => {
    const [me] = await createAgents(db, 'homegone', 1);
    await view(me, ids.item1, ids.course, hk('2031-02-20T09:00:00'));
    await view(me, ids.hiddenItem, ids.hidden, hk('2031-02-28T09:00:00'));
    expect((await homeSummaryFor(db, me, NOW, 'en')).continue?.item_id).toBe(String(ids.item1));
    await db.update(courses).set({ publishedAt: hk('2031-06-01T00:00:00') }).where(eq(courses.id, ids.course));
    try {
      expect((await homeSummaryFor(db, me, NOW, 'en')).continue).toBeNull();
    } finally {
      await db.update(courses).set({ publishedAt: hk('2031-01-01T00:00:00') }).where(eq(courses.id, ids.course));
    }
  });

  it('is null for a learner who never opened an item', async () => {
    const [me] = await createAgents(db, 'homenone', 1);
    expect(await homeSummaryFor(db, me, NOW, 'en')).toEqual({ continue: null, due: [] });
  });
});

describe('due soon', () => {
  it('lists confirmed sessions not yet over and exams of unfinished courses closing in the window, soonest first', async () => {
    const [me, other] = await createAgents(db, 'homedue', 2);
    const ongoing = await sessionAt(hk('2031-03-01T09:30:00'), 'Ongoing class');
    const ended = await sessionAt(hk('2031-03-01T07:00:00'), 'Ended class');
    const lastDay = await sessionAt(hk('2031-03-15T23:59:59'), 'Last day class');
    const tooLate = await sessionAt(hk('2031-03-16T00:00:00'), 'Too late class');
    const pending = await sessionAt(hk('2031-03-03T10:00:00'), 'Pending class');
    for (const s of [ongoing, ended, lastDay, tooLate]) await seat(me, s.courseId);
    await seat(me, pending.courseId, 'pending');
    await seat(other, pending.courseId);
    const dept = await createDepartment(db, tri('Exam tests'));
    const online = await createCourse(db, { departmentId: dept, title: tri('Exam course'), publishedAt: hk('2031-01-01T00:00:00') });
    const done = await createCourse(db, { departmentId: dept, title: tri('Finished course'), publishedAt: hk('2031-01-01T00:00:00') });
    await db.insert(courseEnrolments).values([
      { userId: me, courseId: online },
      { userId: me, courseId: done, status: 'completed', completedAt: hk('2031-02-01T00:00:00') },
    ]);
    const closing = await exam(online, hk('2031-03-05T18:00:00'), 'Closing exam');
    await exam(online, hk('2031-03-01T09:59:59'), 'Closed a second ago');
    await exam(online, hk('2031-03-20T18:00:00'), 'Closes later');
    await exam(online, null, 'Never closes');
    await exam(done, hk('2031-03-04T18:00:00'), 'Exam of a finished course');

    const summary = homeSummarySchema.parse(await homeSummaryFor(db, me, NOW, 'en'));
    expect(summary.due.map((d) => [d.kind, d.title, d.course_title])).toEqual([
      ['session', 'Ongoing class session 1', 'Ongoing class'],
      ['exam', 'Closing exam', 'Exam course'],
      ['session', 'Last day class session 1', 'Last day class'],
    ]);
    expect(summary.due[1]).toEqual({ kind: 'exam', id: String(closing), course_id: String(online), title: 'Closing exam', course_title: 'Exam course', at: hk('2031-03-05T18:00:00').toISOString() });
    expect(summary.due[0]).toMatchObject({ id: String(ongoing.sessionId), course_id: String(ongoing.courseId) });
    // The other learner's seat is theirs only.
    expect((await homeSummaryFor(db, other, NOW, 'en')).due.map((d) => d.title)).toEqual(['Pending class session 1']);
  });
});
