import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { OFFLINE_ERROR_CODE, type Attendance, type EnrolPayload, type MyOfflineEnrolmentsQuery, type OfflineEnrolment, type OfflineEnrolmentListResponse } from '../../src/api/schemas/offline-enrolments.schema';
import type { OfflineEnrolmentStatus } from '../../src/api/schemas/offline-courses.schema';
import type { RateLimiter } from '../auth/rate-limit';
import type { Db } from '../db/client';
import { rateLimitedError } from '../http/attempts';
import { offlineAttendance, offlineCourses, offlineEnrolments, offlineSessions } from '../db/schema';
import { HttpError } from '../http/errors';
import { codeMatches, type CodeKind } from './offline-trainer-codes';
import { localize, paging } from './courses';
import { notifyWithMessage } from './notification-messages';
import { ACTIVE, SEAT_HOLDING, attendedMinutes, iso, myEnrolmentOf, prerequisitesOf, publishedOffline, seatsHeld, type OfflineCourseRow, type OfflineEnrolmentRow } from './offline-courses';
import type { Caller } from './quizzes';

// Offline enrolments (issue 14, ADR 031). Every change of who holds a seat of a course runs in ONE
// transaction that first locks the course row (SELECT … FOR UPDATE), then counts and writes: no
// read-then-write race on PostgreSQL, and PGlite runs transactions one at a time anyway.

/** Locks the course row for a seat decision; undefined when it does not exist (or is not published). */
export async function lockCourse(tx: Db, courseId: number, now: Date): Promise<OfflineCourseRow | undefined> {
  const [course] = await tx.select().from(offlineCourses).where(and(eq(offlineCourses.id, courseId), publishedOffline(now))).for('update');
  return course;
}


async function enrolmentOf(db: Db, e: OfflineEnrolmentRow, course: OfflineCourseRow, caller: Pick<Caller, 'lang' | 'now'>): Promise<OfflineEnrolment> {
  const [{ start }] = await db
    .select({ start: sql<string | null>`min(${offlineSessions.startsAt})` })
    .from(offlineSessions)
    .where(eq(offlineSessions.courseId, course.id));
  return {
    ...(await myEnrolmentOf(db, e, course, caller.now)),
    course_id: String(course.id),
    course_title: localize(course.title, caller.lang),
    venue: localize(course.venue, caller.lang),
    starts_at: iso(start),
    cancel_deadline: course.cancelDeadline.toISOString(),
  };
}

/**
 * Gives the course's free seats to the waiting list in order (requested_at, id): pending when the
 * course needs approval (a freed seat or a raised quota never confirms anyone awaiting approval),
 * confirmed otherwise; each promoted learner is notified. Call it inside the seat decision's
 * transaction, after the course row's lock.
 */
export async function promoteWaiting(tx: Db, course: OfflineCourseRow, now: Date): Promise<number[]> {
  const free = course.quota - (await seatsHeld(tx, course.id));
  if (free <= 0) return [];
  const next = await tx
    .select()
    .from(offlineEnrolments)
    .where(and(eq(offlineEnrolments.courseId, course.id), eq(offlineEnrolments.status, 'waiting')))
    .orderBy(asc(offlineEnrolments.requestedAt), asc(offlineEnrolments.id))
    .limit(free);
  const status: OfflineEnrolmentStatus = course.needsApproval ? 'pending' : 'confirmed';
  for (const e of next) {
    await tx.update(offlineEnrolments).set({ status, promotedAt: now }).where(eq(offlineEnrolments.id, e.id));
    // Shown in the reader's language (notification-messages.ts): the learner's is not known here.
    await notifyWithMessage(
      tx,
      e.userId,
      {
        titleKey: 'server:offline_promoted_title',
        bodyKey: status === 'confirmed' ? 'server:offline_promoted_confirmed' : 'server:offline_promoted_pending',
        params: { courseName: course.title },
      },
      now,
      // A decision on the enrolment (issue 43): its own kind, leading to the course's page.
      { kind: 'enrolment_decision', offlineCourseId: course.id },
    );
  }
  return next.map((e) => e.id);
}

export async function enrolOffline(db: Db, courseId: number, payload: EnrolPayload, caller: Caller): Promise<OfflineEnrolment> {
  const { row, course } = await db.transaction(async (tx) => {
    const course = await lockCourse(tx, courseId, caller.now);
    if (!course) throw new HttpError(404, 'server:offline_course_not_found');
    if (caller.now < course.applicationsOpenAt || caller.now > course.enrolDeadline) {
      throw new HttpError(403, 'server:offline_enrolment_closed', {}, { code: OFFLINE_ERROR_CODE.offlineEnrolmentClosed });
    }
    const unmet = (await prerequisitesOf(tx, course.id, caller.userId, caller)).filter((g) => !g.met);
    if (unmet.length > 0) {
      const names = unmet.map((g) => g.courses.map((c) => `“${c.title}”`).join(' / ')).join(', ');
      throw new HttpError(403, 'server:offline_prerequisite_not_met', { courses: names }, { code: OFFLINE_ERROR_CODE.offlinePrerequisiteNotMet });
    }
    const [active] = await tx
      .select({ id: offlineEnrolments.id })
      .from(offlineEnrolments)
      .where(and(eq(offlineEnrolments.courseId, course.id), eq(offlineEnrolments.userId, caller.userId), inArray(offlineEnrolments.status, ACTIVE)));
    if (active) throw new HttpError(409, 'server:offline_already_enrolled', {}, { code: OFFLINE_ERROR_CODE.offlineAlreadyEnrolled });
    const held = await seatsHeld(tx, course.id);
    let status: OfflineEnrolmentStatus;
    if (held < course.quota) status = course.needsApproval ? 'pending' : 'confirmed';
    else if (payload.join_waiting_list) status = 'waiting';
    else throw new HttpError(409, 'server:offline_no_quota', {}, { code: OFFLINE_ERROR_CODE.offlineNoQuota });
    const [row] = await tx
      .insert(offlineEnrolments)
      .values({ courseId: course.id, userId: caller.userId, status, source: 'learner', termsAcceptedAt: caller.now, requestedAt: caller.now })
      .returning();
    return { row, course };
  });
  return enrolmentOf(db, row, course, caller);
}

/** The caller's own enrolment; another learner's is not found (its existence is not disclosed). */
async function ownEnrolment(db: Db, enrolmentId: number, userId: number): Promise<OfflineEnrolmentRow> {
  const [row] = await db
    .select()
    .from(offlineEnrolments)
    .where(and(eq(offlineEnrolments.id, enrolmentId), eq(offlineEnrolments.userId, userId)));
  if (!row) throw new HttpError(404, 'server:offline_enrolment_not_found');
  return row;
}

export async function cancelOfflineEnrolment(db: Db, enrolmentId: number, caller: Caller): Promise<OfflineEnrolment> {
  const { courseId } = await ownEnrolment(db, enrolmentId, caller.userId);
  const { row, course } = await db.transaction(async (tx) => {
    const course = await lockCourse(tx, courseId, caller.now);
    if (!course) throw new HttpError(404, 'server:offline_enrolment_not_found');
    // Read again under the lock: a manager's decision or a promotion may have changed it.
    const current = await ownEnrolment(tx, enrolmentId, caller.userId);
    if (!ACTIVE.includes(current.status)) throw new HttpError(409, 'server:offline_not_cancellable', {}, { code: OFFLINE_ERROR_CODE.offlineNotCancellable });
    if (caller.now > course.cancelDeadline) throw new HttpError(403, 'server:offline_cancel_closed', {}, { code: OFFLINE_ERROR_CODE.offlineCancelClosed });
    const [row] = await tx
      .update(offlineEnrolments)
      .set({ status: 'cancelled', cancelledAt: caller.now })
      .where(eq(offlineEnrolments.id, enrolmentId))
      .returning();
    if (SEAT_HOLDING.includes(current.status)) await promoteWaiting(tx, course, caller.now);
    return { row, course };
  });
  return enrolmentOf(db, row, course, caller);
}

/**
 * Sets a course's quota (the management pages use it): a raise gives the new seats to the waiting
 * list in the same transaction, as pending where the course needs approval. Answers the promoted
 * enrolment ids.
 */
export async function setOfflineQuota(db: Db, courseId: number, quota: number, now: Date): Promise<number[]> {
  return db.transaction(async (tx) => {
    const [course] = await tx.select().from(offlineCourses).where(eq(offlineCourses.id, courseId)).for('update');
    if (!course) throw new HttpError(404, 'server:offline_course_not_found');
    await tx.update(offlineCourses).set({ quota }).where(eq(offlineCourses.id, courseId));
    return promoteWaiting(tx, { ...course, quota }, now);
  });
}

export async function listMyOfflineEnrolments(db: Db, query: MyOfflineEnrolmentsQuery, caller: Caller): Promise<OfflineEnrolmentListResponse> {
  const where = and(eq(offlineEnrolments.userId, caller.userId), query.status ? eq(offlineEnrolments.status, query.status) : undefined);
  const [{ total }] = await db.select({ total: count() }).from(offlineEnrolments).where(where);
  const { limit, offset } = paging(query.page, query.per_page);
  const rows = await db
    .select({ e: offlineEnrolments, course: offlineCourses })
    .from(offlineEnrolments)
    .innerJoin(offlineCourses, eq(offlineCourses.id, offlineEnrolments.courseId))
    .where(where)
    .orderBy(desc(offlineEnrolments.requestedAt), desc(offlineEnrolments.id))
    .limit(limit)
    .offset(offset);
  const data: OfflineEnrolment[] = [];
  for (const r of rows) data.push(await enrolmentOf(db, r.e, r.course, caller));
  return { data, page: query.page, per_page: query.per_page, total };
}

type SessionRow = typeof offlineSessions.$inferSelect;
type AttendanceRow = typeof offlineAttendance.$inferSelect;

const attendanceOf = (session: SessionRow, row: AttendanceRow): Attendance => ({
  session_id: String(session.id),
  checked_in_at: row.checkedInAt.toISOString(),
  checked_out_at: iso(row.checkedOutAt),
  attended_minutes: attendedMinutes(session, row),
});

/**
 * Wrong codes a learner may type for one session before each further try waits (1 s, 2 s, 4 s …
 * up to the rate limit's longest wait, in its window): like a password (issue 43). Enough for
 * typos; a guesser gets a few dozen tries in a session's window against 2^30 codes.
 */
export const WRONG_CODE_TRIES = 5;

/** The session, if the caller may use its codes now: confirmed in its course, inside its window, the right code. */
async function sessionForCode(db: Db, limiter: RateLimiter, sessionId: number, code: string, which: CodeKind, caller: Caller): Promise<SessionRow> {
  const [found] = await db
    .select({ session: offlineSessions })
    .from(offlineSessions)
    .innerJoin(offlineCourses, eq(offlineCourses.id, offlineSessions.courseId))
    .where(and(eq(offlineSessions.id, sessionId), publishedOffline(caller.now)));
  if (!found) throw new HttpError(404, 'server:offline_session_not_found');
  const session = found.session;
  const [confirmed] = await db
    .select({ id: offlineEnrolments.id })
    .from(offlineEnrolments)
    .where(and(eq(offlineEnrolments.courseId, session.courseId), eq(offlineEnrolments.userId, caller.userId), eq(offlineEnrolments.status, 'confirmed')));
  if (!confirmed) throw new HttpError(403, 'server:offline_not_enrolled', {}, { code: OFFLINE_ERROR_CODE.offlineNotEnrolled });
  if (caller.now < session.windowOpensAt || caller.now > session.windowClosesAt) {
    throw new HttpError(403, 'server:offline_session_not_open', {}, { code: OFFLINE_ERROR_CODE.offlineSessionNotOpen });
  }
  // Counted per learner and session, before the code is compared (a refused try tells nothing);
  // check-in and check-out share the count. The secret is read after the count, so a rotation
  // that landed meanwhile is seen.
  const attempt = await limiter.attemptSubject('attendance', `user:${caller.userId}:session:${session.id}`, WRONG_CODE_TRIES);
  if (attempt.limited) throw rateLimitedError(attempt.retryAfterSeconds);
  const [{ secret }] = await db.select({ secret: offlineSessions.codeSecret }).from(offlineSessions).where(eq(offlineSessions.id, session.id));
  if (!codeMatches(secret, which, code, caller.now.getTime())) {
    throw new HttpError(400, which === 'in' ? 'server:offline_wrong_check_in_code' : 'server:offline_wrong_check_out_code', {}, { code: OFFLINE_ERROR_CODE.offlineWrongCode });
  }
  await attempt.succeeded();
  return session;
}

/** SPEC §5: check in with the trainer's code, inside the session's window; once per learner. */
export async function checkIn(db: Db, limiter: RateLimiter, sessionId: number, code: string, caller: Caller): Promise<Attendance> {
  const session = await sessionForCode(db, limiter, sessionId, code, 'in', caller);
  const [row] = await db
    .insert(offlineAttendance)
    .values({ sessionId: session.id, userId: caller.userId, checkedInAt: caller.now })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new HttpError(409, 'server:offline_already_checked_in', {}, { code: OFFLINE_ERROR_CODE.offlineAttendanceState });
  return attendanceOf(session, row);
}

/** SPEC §5: check out with the trainer's code after checking in; records the attendance time. */
export async function checkOut(db: Db, limiter: RateLimiter, sessionId: number, code: string, caller: Caller): Promise<Attendance> {
  const session = await sessionForCode(db, limiter, sessionId, code, 'out', caller);
  const mine = and(eq(offlineAttendance.sessionId, session.id), eq(offlineAttendance.userId, caller.userId));
  const [row] = await db
    .update(offlineAttendance)
    .set({ checkedOutAt: caller.now })
    .where(and(mine, isNull(offlineAttendance.checkedOutAt)))
    .returning();
  if (row) return attendanceOf(session, row);
  const [existing] = await db.select().from(offlineAttendance).where(mine);
  throw new HttpError(409, existing ? 'server:offline_already_checked_out' : 'server:offline_not_checked_in', {}, { code: OFFLINE_ERROR_CODE.offlineAttendanceState });
}
