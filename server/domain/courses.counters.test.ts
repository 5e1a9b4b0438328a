import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentSeconds, attachments, courseCounts, courseEnrolments, courseItems, courseLikes, courses, courseSeconds, daySeconds, itemSeconds, onScreenLogs, users } from '../db/schema';
import { createAttachment, createContentTestContext, createCourse, createDepartment, createLesson, createReadingItem, resetContent, tri, type ContentTestContext } from '../testing/content-factory';
import { createAgents } from '../testing/offline-factory';
import { courseDuration, enrol, likeCourse, listCourses } from './courses';

// ADR 034: the course cards and the ranking read courses.enrolment_count and like_count, kept by
// statement triggers (migration 0015) instead of counting course_enrolments per card (a million rows
// at scale). ADR 051: the lists' totals read course_counts (migration 0023), kept by triggers on
// courses. ADR 052: an item's logged seconds are read from item_seconds (migration 0024), kept by
// triggers on on_screen_logs; ADR 057: course_seconds and day_seconds (migration 0026) the same way.
// Real database: PGlite here, PostgreSQL in the `postgres` project.

let ctx: ContentTestContext;
const now = new Date('2026-03-02T09:00:00Z');

beforeAll(async () => {
  ctx = await createContentTestContext();
  await resetContent(ctx.database.db);
});
afterAll(() => ctx?.close());

/** Each course's counters beside the rows they count. */
async function counters(ids: number[]) {
  const db = ctx.database.db;
  const rows = await db
    .select({
      id: courses.id,
      enrolments: courses.enrolmentCount,
      likes: courses.likeCount,
      countedEnrolments: sql<number>`(select count(*) from course_enrolments e where e.course_id = ${courses.id})`.mapWith(Number),
      countedLikes: sql<number>`(select count(*) from course_likes l where l.course_id = ${courses.id})`.mapWith(Number),
    })
    .from(courses)
    .orderBy(courses.id);
  return rows.filter((r) => ids.includes(r.id));
}

describe('course counters (ADR 034)', () => {
  it('follow every insert and delete of enrolments and likes, one row or many, cascades included', async () => {
    const db = ctx.database.db;
    const department = await createDepartment(db, tri('Counters'));
    const [a, b, c] = [await createCourse(db, { departmentId: department, title: tri('A'), publishedAt: now }), await createCourse(db, { departmentId: department, title: tri('B'), publishedAt: now }), await createCourse(db, { departmentId: department, title: tri('C'), publishedAt: now })];
    const people = await createAgents(db, 'counter', 5);
    for (const id of people) await enrol(db, id, a, now);
    await enrol(db, people[0], a, now); // again: no new row, no new count
    await enrol(db, people[0], b, now);
    // One statement, several rows of several courses.
    await db.insert(courseEnrolments).values([{ userId: people[1], courseId: b }, { userId: people[2], courseId: b }, { userId: people[3], courseId: c }]);
    for (const id of people.slice(0, 3)) await likeCourse(db, id, c, true);
    await likeCourse(db, people[0], c, true); // again
    await likeCourse(db, people[1], c, false);
    await db.insert(courseLikes).values([{ userId: people[4], courseId: a }]);
    expect((await counters([a, b, c])).map((r) => [r.enrolments, r.likes])).toEqual([
      [5, 1],
      [3, 0],
      [1, 2],
    ]);
    // A user removed takes their enrolments and likes with them (cascade): the counts follow.
    await db.delete(users).where(eq(users.id, people[0]));
    await db.delete(courseEnrolments).where(eq(courseEnrolments.courseId, b));
    for (const r of await counters([a, b, c])) {
      expect(r.enrolments, `course ${r.id} enrolments`).toBe(r.countedEnrolments);
      expect(r.likes, `course ${r.id} likes`).toBe(r.countedLikes);
    }
    expect((await counters([a, b, c])).map((r) => [r.enrolments, r.likes])).toEqual([
      [4, 1],
      [0, 0],
      [1, 1],
    ]);
  });

  it('order the ranking and show on the cards', async () => {
    const db = ctx.database.db;
    const department = await createDepartment(db, tri('Ranking'));
    const quiet = await createCourse(db, { departmentId: department, title: tri('Quiet'), publishedAt: now, clicks: 100 });
    const liked = await createCourse(db, { departmentId: department, title: tri('Liked'), publishedAt: now });
    const busy = await createCourse(db, { departmentId: department, title: tri('Busy'), publishedAt: now });
    const people = await createAgents(db, 'ranking', 3);
    for (const id of people) await enrol(db, id, busy, now);
    await enrol(db, people[0], liked, now);
    await likeCourse(db, people[0], liked, true);
    await enrol(db, people[1], quiet, now);
    const page = await listCourses(db, 'ranking', { page: 1, per_page: 50, department: String(department) } as never, { userId: people[0], lang: 'en', now });
    expect(page.toJSON().data.map((card) => [card.title, card.enrolment_count, card.likes])).toEqual([
      ['Busy', 3, 0],
      ['Liked', 1, 1],
      ['Quiet', 1, 0],
    ]);
  });
});

describe('course counts and the lists\' totals (ADR 051)', () => {
  /** The counter rows beside a count of the courses themselves, by kind and department. */
  async function countsAgree() {
    const db = ctx.database.db;
    const kept = await db.select().from(courseCounts).where(sql`${courseCounts.courses} <> 0`);
    const counted = await db
      .select({ kind: courses.kind, departmentId: courses.departmentId, courses: sql<number>`count(*)::int` })
      .from(courses)
      .groupBy(courses.kind, courses.departmentId);
    const key = (r: { kind: string; departmentId: number; courses: number }) => `${r.kind}/${r.departmentId}: ${r.courses}`;
    expect(kept.map(key).sort()).toEqual(counted.map(key).sort());
  }

  /** Every list's total (first page and a page past the end) beside the published courses counted directly. */
  async function totalsAgree(at: Date, userId: number, department: number) {
    const db = ctx.database.db;
    const published = async (where = sql`true`) =>
      (await db.select({ n: sql<number>`count(*)::int` }).from(courses).where(sql`${courses.publishedAt} <= ${at.toISOString()} and ${where}`))[0].n;
    const lists = [
      ['all', {}, await published()],
      ['latest', {}, await published()],
      ['ranking', {}, await published()],
      ['recommended', {}, await published(sql`${courses.kind} = 'recommended'`)],
      ['all', { kind: 'elective' }, await published(sql`${courses.kind} = 'elective'`)],
      ['latest', { department: String(department) }, await published(sql`${courses.departmentId} = ${department}`)],
      ['ranking', { kind: 'compulsory', department: String(department) }, await published(sql`${courses.kind} = 'compulsory' and ${courses.departmentId} = ${department}`)],
      ['recommended', { department: String(department) }, await published(sql`${courses.kind} = 'recommended' and ${courses.departmentId} = ${department}`)],
    ] as const;
    for (const [list, filters, expected] of lists) {
      for (const page of [1, 99]) {
        const answer = await listCourses(db, list, { page, per_page: 2, ...filters } as never, { userId, lang: 'en', now: at });
        expect(answer.toJSON().total, `${list} ${JSON.stringify(filters)} page ${page}`).toBe(expected);
      }
    }
  }

  it('follow every insert, move and delete of courses; a course dated in the future is not counted until then', async () => {
    const db = ctx.database.db;
    await resetContent(db);
    const [learner] = await createAgents(db, 'totals', 1);
    const north = await createDepartment(db, tri('North'));
    const south = await createDepartment(db, tri('South'));
    const later = new Date(now.getTime() + 86_400_000);
    const one = await createCourse(db, { departmentId: north, title: tri('One'), kind: 'compulsory', publishedAt: now });
    await createCourse(db, { departmentId: north, title: tri('Two'), kind: 'recommended', publishedAt: now });
    const scheduled = await createCourse(db, { departmentId: south, title: tri('Scheduled'), kind: 'recommended', publishedAt: later });
    // One statement, several rows of several kinds and departments.
    await db.insert(courses).values(
      ['compulsory', 'elective', 'recommended', 'elective', 'compulsory'].map((kind, i) => ({
        title: tri(`Bulk ${i}`),
        description: tri(''),
        kind: kind as 'compulsory',
        departmentId: i % 2 === 0 ? north : south,
        publishedAt: now,
      })),
    );
    await countsAgree();
    await totalsAgree(now, learner, north);
    await totalsAgree(later, learner, south);
    // A course moved to another kind, another department, both; and an update that moves nothing.
    await db.update(courses).set({ kind: 'elective' }).where(eq(courses.id, one));
    await db.update(courses).set({ departmentId: north }).where(eq(courses.id, scheduled));
    await db.update(courses).set({ kind: 'compulsory', departmentId: south }).where(sql`${courses.title} ->> 'en' = 'Bulk 2'`);
    await db.update(courses).set({ clicks: sql`${courses.clicks} + 1` });
    await countsAgree();
    await totalsAgree(now, learner, north);
    await totalsAgree(later, learner, north);
    // One deleted, then a department's courses in one statement.
    await db.delete(courses).where(eq(courses.id, one));
    await db.delete(courses).where(eq(courses.departmentId, south));
    await countsAgree();
    await totalsAgree(later, learner, north);
  });
});

describe('item seconds (ADR 052)', () => {
  /** A kept table's non-zero rows as "learner/key: seconds", sorted. */
  async function keptBy(table: typeof itemSeconds | typeof attachmentSeconds | typeof courseSeconds | typeof daySeconds, key: SQL) {
    const rows = await ctx.database.db
      .select({ userId: table.userId, key: sql<string>`${key}::text`, seconds: sql<number>`${table.seconds}`.mapWith(Number) })
      .from(table)
      .where(sql`${table.seconds} <> 0`);
    return rows.map((r) => `${r.userId}/${r.key}: ${r.seconds}`).sort();
  }

  /** The records summed directly by learner and `key` (records without one left out), the same way. */
  async function summedBy(key: SQL) {
    const rows = await ctx.database.db
      .select({ userId: onScreenLogs.userId, key: sql<string>`${key}::text`, seconds: sql<number>`sum(${onScreenLogs.duration})`.mapWith(Number) })
      .from(onScreenLogs)
      .where(sql`${key} is not null`)
      .groupBy(onScreenLogs.userId, key)
      .having(sql`sum(${onScreenLogs.duration}) <> 0`);
    return rows.map((r) => `${r.userId}/${r.key}: ${r.seconds}`).sort();
  }

  /** Each kept table beside the records summed directly; the number of item and attachment rows. */
  async function secondsAgree() {
    const items = await keptBy(itemSeconds, sql`${itemSeconds.itemId}`);
    expect(items).toEqual(await summedBy(sql`${onScreenLogs.itemId}`));
    const ofAttachments = await keptBy(attachmentSeconds, sql`${attachmentSeconds.attachmentId}`);
    expect(ofAttachments).toEqual(await summedBy(sql`${onScreenLogs.attachmentId}`));
    // ADR 057: per course, and per UTC day of created_at.
    expect(await keptBy(courseSeconds, sql`${courseSeconds.courseId}`)).toEqual(await summedBy(sql`${onScreenLogs.courseId}`));
    expect(await keptBy(daySeconds, sql`${daySeconds.day}`)).toEqual(await summedBy(sql`(${onScreenLogs.createdAt} at time zone 'UTC')::date`));
    return items.length + ofAttachments.length;
  }

  it('follow every insert, move and delete of on-screen records, and decide completion on the cards', async () => {
    const db = ctx.database.db;
    const department = await createDepartment(db, tri('Seconds'));
    const course = await createCourse(db, { departmentId: department, title: tri('Timed'), publishedAt: now });
    const lesson = await createLesson(db, course, tri('Lesson'));
    const short = await createReadingItem(db, { courseId: course, lessonId: lesson, title: tri('Short'), requiredSeconds: 30 });
    const long = await createReadingItem(db, { courseId: course, lessonId: lesson, title: tri('Long'), requiredSeconds: 600 });
    const [ann, bob] = await createAgents(db, 'seconds', 2);
    // Enrolled: a list card counts the items done only for an enrolment in progress (ADR 055).
    for (const learner of [ann, bob]) await enrol(db, learner, course, now);
    let key = 1_700_000_000_000;
    const record = (userId: number, itemId: number | null, duration: number, attachmentId: number | null = null) => ({ userId, courseId: course, itemId, attachmentId, duration, key: (key += 1000) });
    const video = (await createAttachment(ctx.deps, { name: 'clip.mp4', type: 'mp4', content: new Uint8Array([1, 2, 3]), mediaDuration: 120 })).id;
    const progressOf = async (userId: number) =>
      (await listCourses(db, 'all', { page: 1, per_page: 50, department: String(department) } as never, { userId, lang: 'en', now })).toJSON().data[0].progress;

    await db.insert(onScreenLogs).values(record(ann, short, 20));
    expect(await progressOf(ann)).toBe(0);
    // One statement, several records of several learners and items, and an attachment's (no item).
    // Bob's attachment record is of the day before (UTC), so the learners' days differ.
    const dayBefore = new Date(now.getTime() - 86_400_000);
    await db
      .insert(onScreenLogs)
      .values([record(ann, short, 10), record(ann, long, 300), record(bob, short, 45), { ...record(bob, null, 90, video), createdAt: dayBefore }, record(ann, null, 30, video)]);
    expect(await secondsAgree()).toBe(5);
    expect(await courseDuration(db, ann, course)).toBe(360);
    expect(await courseDuration(db, bob, course)).toBe(135);
    expect(await progressOf(ann)).toBe(50);
    expect(await progressOf(bob)).toBe(50);
    // An account merge moves records to another learner; a duration corrected in place.
    await db.update(onScreenLogs).set({ userId: bob }).where(sql`${onScreenLogs.userId} = ${ann} and ${onScreenLogs.itemId} = ${long}`);
    await db.update(onScreenLogs).set({ userId: bob }).where(sql`${onScreenLogs.userId} = ${ann} and ${onScreenLogs.attachmentId} = ${video}`);
    await db.update(onScreenLogs).set({ duration: 400 }).where(sql`${onScreenLogs.userId} = ${bob} and ${onScreenLogs.itemId} = ${long}`);
    // A record's day moved (no route does; the trigger still follows it).
    await db.update(onScreenLogs).set({ createdAt: dayBefore }).where(sql`${onScreenLogs.userId} = ${bob} and ${onScreenLogs.itemId} = ${short}`);
    await secondsAgree();
    expect(await courseDuration(db, ann, course)).toBe(30);
    expect(await courseDuration(db, bob, course)).toBe(565);
    expect(await progressOf(ann)).toBe(50);
    await db.insert(onScreenLogs).values(record(bob, long, 200));
    expect(await progressOf(bob)).toBe(100);
    // Deleted: one record, then an item with its records (the cascade), then a learner.
    await db.delete(onScreenLogs).where(sql`${onScreenLogs.userId} = ${ann} and ${onScreenLogs.duration} = 10`);
    expect(await progressOf(ann)).toBe(0);
    await db.delete(courseItems).where(eq(courseItems.id, long));
    await secondsAgree();
    await db.delete(attachments).where(eq(attachments.id, video));
    await secondsAgree();
    await db.delete(users).where(eq(users.id, bob));
    await secondsAgree();
  });
});
