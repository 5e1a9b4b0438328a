import { and, asc, desc, eq, gt, gte, isNotNull, lt, lte, ne } from 'drizzle-orm';
import type { HomeContinue, HomeDue, HomeSummary } from '../../src/api/schemas/home-summary.schema';
import type { Language } from '../../src/config/constants';
import type { Db } from '../db/client';
import { courseEnrolments, courseItems, courses, offlineCourses, offlineEnrolments, offlineSessions, quizzes, viewings } from '../db/schema';
import { localize, publishedCourse } from './courses';

// Issue 45 (ADR 091): the home page knows the learner. Everything from the server's records and
// clock, and only the caller's own rows (every query is keyed by the caller's user id).

/** How far "due soon" looks: the rest of today and this many Hong Kong days after it. */
export const DUE_DAYS = 14;
const DAY_MS = 86_400_000;
/** Hong Kong keeps UTC+8 all year (no daylight saving; see cpd-period.ts). */
const HK_OFFSET_MS = 8 * 3_600_000;

/** [now, the Hong Kong midnight that ends the 14th day after today): what "the next 14 days" holds. */
export function dueWindow(now: Date): { from: Date; until: Date } {
  const todayStarts = Math.floor((now.getTime() + HK_OFFSET_MS) / DAY_MS) * DAY_MS - HK_OFFSET_MS;
  return { from: now, until: new Date(todayStarts + (DUE_DAYS + 1) * DAY_MS) };
}

/**
 * The last item the learner opened that they can still open: its course published (a course taken
 * back, or an item removed, is not offered). A viewing of a bare attachment (the material library)
 * names no item and is not a place in a course.
 */
async function lastItem(db: Db, userId: number, now: Date, lang: Language): Promise<HomeContinue | null> {
  const [row] = await db
    .select({ courseId: courses.id, itemId: courseItems.id, courseTitle: courses.title, itemTitle: courseItems.title, viewedAt: viewings.startedAt })
    .from(viewings)
    .innerJoin(courseItems, eq(courseItems.id, viewings.itemId))
    .innerJoin(courses, eq(courses.id, courseItems.courseId))
    .where(and(eq(viewings.userId, userId), isNotNull(viewings.itemId), lte(viewings.startedAt, now), publishedCourse(now)))
    .orderBy(desc(viewings.startedAt), desc(viewings.id))
    .limit(1);
  if (!row) return null;
  return { course_id: String(row.courseId), item_id: String(row.itemId), course_title: localize(row.courseTitle, lang), item_title: localize(row.itemTitle, lang), viewed_at: row.viewedAt.toISOString() };
}

/** The classroom sessions the learner holds a confirmed seat for that have not ended and start inside the window. */
async function sessionsDue(db: Db, userId: number, window: { from: Date; until: Date }, lang: Language): Promise<HomeDue[]> {
  const rows = await db
    .select({ id: offlineSessions.id, courseId: offlineCourses.id, title: offlineSessions.title, courseTitle: offlineCourses.title, startsAt: offlineSessions.startsAt })
    .from(offlineEnrolments)
    .innerJoin(offlineCourses, eq(offlineCourses.id, offlineEnrolments.courseId))
    .innerJoin(offlineSessions, eq(offlineSessions.courseId, offlineCourses.id))
    .where(and(eq(offlineEnrolments.userId, userId), eq(offlineEnrolments.status, 'confirmed'), gt(offlineSessions.endsAt, window.from), lt(offlineSessions.startsAt, window.until)))
    .orderBy(asc(offlineSessions.startsAt), asc(offlineSessions.id));
  return rows.map((r) => ({ kind: 'session', id: String(r.id), course_id: String(r.courseId), title: localize(r.title, lang), course_title: localize(r.courseTitle, lang), at: r.startsAt.toISOString() }));
}

/** The examinations of the learner's unfinished, published courses that close inside the window (not already closed). */
async function examsDue(db: Db, userId: number, now: Date, window: { from: Date; until: Date }, lang: Language): Promise<HomeDue[]> {
  const rows = await db
    .select({ id: quizzes.id, courseId: courses.id, title: quizzes.title, courseTitle: courses.title, closesAt: quizzes.closesAt })
    .from(courseEnrolments)
    .innerJoin(courses, eq(courses.id, courseEnrolments.courseId))
    .innerJoin(quizzes, eq(quizzes.courseId, courses.id))
    .where(
      and(eq(courseEnrolments.userId, userId), ne(courseEnrolments.status, 'completed'), publishedCourse(now), isNotNull(quizzes.closesAt), gte(quizzes.closesAt, window.from), lt(quizzes.closesAt, window.until)),
    )
    .orderBy(asc(quizzes.closesAt), asc(quizzes.id));
  return rows.map((r) => ({ kind: 'exam', id: String(r.id), course_id: String(r.courseId), title: localize(r.title, lang), course_title: localize(r.courseTitle, lang), at: r.closesAt!.toISOString() }));
}

/** Soonest first; ties by kind then id, so the order never depends on the database. */
export function soonestFirst(items: HomeDue[]): HomeDue[] {
  return [...items].sort((a, b) => a.at.localeCompare(b.at) || a.kind.localeCompare(b.kind) || Number(a.id) - Number(b.id));
}

/** GET /api/home-summary: the caller's own summary, by the server's clock. */
export async function homeSummaryFor(db: Db, userId: number, now: Date, lang: Language): Promise<HomeSummary> {
  const window = dueWindow(now);
  const [cont, sessions, exams] = await Promise.all([lastItem(db, userId, now, lang), sessionsDue(db, userId, window, lang), examsDue(db, userId, now, window, lang)]);
  return { continue: cont, due: soonestFirst([...sessions, ...exams]) };
}
