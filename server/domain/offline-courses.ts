import { and, asc, count, desc, eq, gt, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type {
  MyOfflineEnrolment,
  OfflineCourseCard,
  OfflineCourseDetail,
  OfflineCourseListResponse,
  OfflineCourseQuery,
  OfflineEnrolmentStatus,
  PrerequisiteGroup,
} from '../../src/api/schemas/offline-courses.schema';
import type { Db } from '../db/client';
import { attachments, courseEnrolments, courses, offlineAttendance, offlineCourses, offlineEnrolments, offlineMaterials, offlinePrerequisites, offlineSessions } from '../db/schema';
import { HttpError } from '../http/errors';
import { buildAppConfig } from './app-config';
import { likePattern, localize, paging } from './courses';
import type { Caller } from './quizzes';

// Classroom (offline) courses (issue 14, ADR 031): the list, the detail with every SPEC §3 display
// field, and the seat arithmetic shared with offline-enrolments.ts. pending and confirmed hold a seat.

export type OfflineCourseRow = typeof offlineCourses.$inferSelect;
export type OfflineEnrolmentRow = typeof offlineEnrolments.$inferSelect;

/** The statuses that hold a seat (ADR 031). */
export const SEAT_HOLDING: OfflineEnrolmentStatus[] = ['pending', 'confirmed'];
/** The statuses of an active enrolment (one per learner and course). */
export const ACTIVE: OfflineEnrolmentStatus[] = ['pending', 'confirmed', 'waiting'];

/** The app configuration's offlineCourse flag off: every offline endpoint answers 404. */
export function assertOfflineCoursesOn(caller: Pick<Caller, 'config'>): void {
  if (!buildAppConfig(caller.config).appEnabledFunction.offlineCourse) throw new HttpError(404, 'server:offline_courses_off');
}

export const iso = (value: Date | string | null | undefined): string | null => (value == null ? null : new Date(value).toISOString());
const isoOf = (value: Date | string): string => new Date(value).toISOString();

// What a card shows that lives in other tables: the seats held (pending and confirmed), the first
// session's start and the last one's end. ONE rule for the list, the course page and the manager's
// lists (issue 43). The course is named with its table: drizzle writes `${offlineCourses.id}` as a
// bare "id" in a query without joins, which inside the subquery meant the subquery's own row's id:
// every card then showed the same seats and start.
const COURSE_ID = sql.raw('"offline_courses"."id"');
/** Enrolments of the course holding a seat, as an SQL expression on offline_courses. */
export const seatsHeldSql = sql<number>`(select count(*) from offline_enrolments e where e.course_id = ${COURSE_ID} and e.status in ('pending', 'confirmed'))`.mapWith(Number);
export const confirmedSql = sql<number>`(select count(*) from offline_enrolments e where e.course_id = ${COURSE_ID} and e.status = 'confirmed')`.mapWith(Number);
export const firstStartSql = sql<string | null>`(select min(s.starts_at) from offline_sessions s where s.course_id = ${COURSE_ID})`;
const lastEndSql = sql<string | null>`(select max(s.ends_at) from offline_sessions s where s.course_id = ${COURSE_ID})`;

/** The published courses `where` selects, with their card facts (the one query list and detail share). */
function courseRows(db: Db, where: SQL | undefined) {
  return db.select({ course: offlineCourses, seats: seatsHeldSql, start: firstStartSql, end: lastEndSql }).from(offlineCourses).where(where);
}

export const publishedOffline = (now: Date) => lte(offlineCourses.publishedAt, now);

export function availabilityOf(course: OfflineCourseRow, seatsHeld: number, now: Date): OfflineCourseCard['availability'] {
  if (now < course.applicationsOpenAt || now > course.enrolDeadline) return 'closed';
  return seatsHeld >= course.quota ? 'full' : 'open';
}

/** The seats held now (inside a seat decision: after the course row's lock). */
export async function seatsHeld(tx: Db, courseId: number): Promise<number> {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(offlineEnrolments)
    .where(and(eq(offlineEnrolments.courseId, courseId), inArray(offlineEnrolments.status, SEAT_HOLDING)));
  return n;
}

const textMatches = (column: SQL | typeof offlineCourses.title, pattern: string): SQL[] =>
  (['en', 'zh', 'cn'] as const).map((lang) => sql`(${column} ->> ${lang}::text) ilike ${pattern}`);

function filtersOf(query: OfflineCourseQuery, now: Date): SQL[] {
  const where: SQL[] = [publishedOffline(now)];
  if (query.q) {
    const p = likePattern(query.q);
    where.push(or(...textMatches(offlineCourses.title, p), ...textMatches(offlineCourses.description, p), ...textMatches(offlineCourses.remarks, p))!);
  }
  if (query.venue) where.push(or(...textMatches(offlineCourses.venue, likePattern(query.venue)))!);
  if (query.from || query.to) {
    const parts: SQL[] = [sql`s.course_id = ${offlineCourses.id}`];
    if (query.from) parts.push(sql`s.starts_at >= ${new Date(`${query.from}T00:00:00Z`).toISOString()}::timestamptz`);
    if (query.to) parts.push(sql`s.starts_at < ${new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000).toISOString()}::timestamptz`);
    where.push(sql`exists (select 1 from offline_sessions s where ${sql.join(parts, sql` and `)})`);
  }
  const closed = or(lt(sql`${now.toISOString()}::timestamptz`, offlineCourses.applicationsOpenAt), gt(sql`${now.toISOString()}::timestamptz`, offlineCourses.enrolDeadline))!;
  if (query.status === 'closed') where.push(closed);
  if (query.status === 'full') where.push(sql`not (${closed})`, sql`${seatsHeldSql} >= ${offlineCourses.quota}`);
  if (query.status === 'open') where.push(sql`not (${closed})`, sql`${seatsHeldSql} < ${offlineCourses.quota}`);
  return where;
}

/** The caller's latest enrolment per course (active first), for the given courses. */
async function latestEnrolments(db: Db, userId: number, courseIds: number[]): Promise<Map<number, OfflineEnrolmentRow>> {
  const out = new Map<number, OfflineEnrolmentRow>();
  if (courseIds.length === 0) return out;
  const rows = await db
    .select()
    .from(offlineEnrolments)
    .where(and(eq(offlineEnrolments.userId, userId), inArray(offlineEnrolments.courseId, courseIds)))
    .orderBy(desc(offlineEnrolments.requestedAt), desc(offlineEnrolments.id));
  for (const r of rows) {
    const seen = out.get(r.courseId);
    if (!seen || (!ACTIVE.includes(seen.status) && ACTIVE.includes(r.status))) out.set(r.courseId, r);
  }
  return out;
}

function cardOf(course: OfflineCourseRow, extra: { seats: number; start: string | null; end: string | null; mine?: OfflineEnrolmentRow }, caller: Caller): OfflineCourseCard {
  return {
    id: String(course.id),
    title: localize(course.title, caller.lang),
    venue: localize(course.venue, caller.lang),
    starts_at: iso(extra.start),
    ends_at: iso(extra.end),
    fee: course.fee,
    currency: course.currency,
    quota: course.quota,
    remaining_quota: Math.max(0, course.quota - extra.seats),
    enrol_deadline: isoOf(course.enrolDeadline),
    needs_approval: course.needsApproval,
    availability: availabilityOf(course, extra.seats, caller.now),
    my_status: extra.mine?.status ?? null,
  };
}

export async function listOfflineCourses(db: Db, query: OfflineCourseQuery, caller: Caller): Promise<OfflineCourseListResponse> {
  const where = and(...filtersOf(query, caller.now));
  const [{ total }] = await db.select({ total: count() }).from(offlineCourses).where(where);
  const { limit, offset } = paging(query.page, query.per_page);
  const rows = await courseRows(db, where)
    .orderBy(sql`${firstStartSql} asc nulls last`, asc(offlineCourses.id))
    .limit(limit)
    .offset(offset);
  const mine = await latestEnrolments(db, caller.userId, rows.map((r) => r.course.id));
  return {
    data: rows.map((r) => cardOf(r.course, { seats: r.seats, start: r.start, end: r.end, mine: mine.get(r.course.id) }, caller)),
    page: query.page,
    per_page: query.per_page,
    total,
  };
}

export async function findOfflineCourse(db: Db, id: number, now: Date): Promise<OfflineCourseRow | undefined> {
  const [row] = await db.select().from(offlineCourses).where(and(eq(offlineCourses.id, id), publishedOffline(now)));
  return row;
}

/** The prerequisite groups (AND-ed; OR inside a group) with what the user has completed. */
export async function prerequisitesOf(db: Db, courseId: number, userId: number, caller: Pick<Caller, 'lang'>): Promise<PrerequisiteGroup[]> {
  const rows = await db
    .select({
      group: offlinePrerequisites.groupNo,
      id: courses.id,
      title: courses.title,
      completed: sql<boolean>`exists (select 1 from ${courseEnrolments} ce where ce.course_id = ${courses.id} and ce.user_id = ${userId} and ce.status = 'completed')`,
    })
    .from(offlinePrerequisites)
    .innerJoin(courses, eq(courses.id, offlinePrerequisites.courseId))
    .where(eq(offlinePrerequisites.offlineCourseId, courseId))
    .orderBy(asc(offlinePrerequisites.groupNo), asc(courses.id));
  const groups = new Map<number, PrerequisiteGroup>();
  for (const r of rows) {
    const g = groups.get(r.group) ?? { courses: [], met: false };
    g.courses.push({ id: String(r.id), title: localize(r.title, caller.lang), completed: Boolean(r.completed) });
    g.met ||= Boolean(r.completed);
    groups.set(r.group, g);
  }
  return [...groups.values()];
}

type SessionTimes = Pick<typeof offlineSessions.$inferSelect, 'startsAt' | 'endsAt'>;
type AttendanceTimes = Pick<typeof offlineAttendance.$inferSelect, 'checkedInAt' | 'checkedOutAt'>;

/** Attendance time: check-out − check-in, clipped to the session, in whole minutes. */
export function attendedMinutes(session: SessionTimes, row: AttendanceTimes): number {
  if (!row.checkedOutAt) return 0;
  const from = Math.max(row.checkedInAt.getTime(), session.startsAt.getTime());
  const to = Math.min(row.checkedOutAt.getTime(), session.endsAt.getTime());
  return Math.max(0, Math.floor((to - from) / 60_000));
}

/** 1-based place in the waiting list of a waiting enrolment. */
export async function waitingPosition(db: Db, e: OfflineEnrolmentRow): Promise<number | null> {
  if (e.status !== 'waiting') return null;
  const [{ n }] = await db
    .select({ n: count() })
    .from(offlineEnrolments)
    .where(
      and(
        eq(offlineEnrolments.courseId, e.courseId),
        eq(offlineEnrolments.status, 'waiting'),
        or(lt(offlineEnrolments.requestedAt, e.requestedAt), and(eq(offlineEnrolments.requestedAt, e.requestedAt), lte(offlineEnrolments.id, e.id))),
      ),
    );
  return n;
}

export async function myEnrolmentOf(db: Db, e: OfflineEnrolmentRow, course: Pick<OfflineCourseRow, 'cancelDeadline'>, now: Date): Promise<MyOfflineEnrolment> {
  return {
    id: String(e.id),
    status: e.status,
    requested_at: isoOf(e.requestedAt),
    decided_at: iso(e.decidedAt),
    decision_reason: e.decisionReason,
    waiting_position: await waitingPosition(db, e),
    can_cancel: ACTIVE.includes(e.status) && now <= course.cancelDeadline,
  };
}

export async function getOfflineCourse(db: Db, id: number, caller: Caller): Promise<OfflineCourseDetail> {
  const [found] = await courseRows(db, and(eq(offlineCourses.id, id), publishedOffline(caller.now)));
  if (!found) throw new HttpError(404, 'server:offline_course_not_found');
  const { course } = found;
  const sessions = await db.select().from(offlineSessions).where(eq(offlineSessions.courseId, id)).orderBy(asc(offlineSessions.startsAt), asc(offlineSessions.id));
  const materials = await db
    .select({ id: attachments.id, name: attachments.name, type: attachments.type })
    .from(offlineMaterials)
    .innerJoin(attachments, eq(attachments.id, offlineMaterials.attachmentId))
    .where(eq(offlineMaterials.offlineCourseId, id))
    .orderBy(asc(offlineMaterials.position), asc(attachments.id));
  const prerequisites = await prerequisitesOf(db, id, caller.userId, caller);
  const mine = (await latestEnrolments(db, caller.userId, [id])).get(id);
  const attended = sessions.length
    ? await db
        .select()
        .from(offlineAttendance)
        .where(and(eq(offlineAttendance.userId, caller.userId), inArray(offlineAttendance.sessionId, sessions.map((s) => s.id))))
    : [];
  const attendanceOf = (s: (typeof sessions)[number]) => {
    const row = attended.find((a) => a.sessionId === s.id);
    return row ? { checked_in_at: isoOf(row.checkedInAt), checked_out_at: iso(row.checkedOutAt), attended_minutes: attendedMinutes(s, row) } : null;
  };
  return {
    ...cardOf(course, { seats: found.seats, start: found.start, end: found.end, mine }, caller),
    description: localize(course.description, caller.lang),
    initiator: localize(course.initiator, caller.lang),
    remarks: localize(course.remarks, caller.lang),
    enquiry_email: course.enquiryEmail,
    duration_hours: course.durationHours,
    cpd_hours: course.cpdHours,
    applications_open_at: isoOf(course.applicationsOpenAt),
    cancel_deadline: isoOf(course.cancelDeadline),
    sessions: sessions.map((s) => ({
      id: String(s.id),
      title: localize(s.title, caller.lang),
      starts_at: isoOf(s.startsAt),
      ends_at: isoOf(s.endsAt),
      window_opens_at: isoOf(s.windowOpensAt),
      window_closes_at: isoOf(s.windowClosesAt),
      my_attendance: attendanceOf(s),
    })),
    materials: materials.map((m) => ({ id: String(m.id), name: m.name, type: m.type })),
    prerequisites,
    prerequisites_met: prerequisites.every((g) => g.met),
    my_enrolment: mine ? await myEnrolmentOf(db, mine, course, caller.now) : null,
  };
}
