import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseEnrolments, courseLikes, courses, users } from '../db/schema';
import { createContentTestContext, createCourse, createDepartment, resetContent, tri, type ContentTestContext } from '../testing/content-factory';
import { createAgents } from '../testing/offline-factory';
import { enrol, likeCourse, listCourses } from './courses';

// ADR 034: the course cards and the ranking read courses.enrolment_count and like_count, kept by
// statement triggers (migration 0015) instead of counting course_enrolments per card (a million rows
// at scale). Real database: PGlite here, PostgreSQL in the `postgres` project.

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
