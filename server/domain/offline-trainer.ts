import { eq } from 'drizzle-orm';
import { API_ERROR_CODE } from '../../src/api/schemas/error.schema';
import type { OfflineSessionCodes } from '../../src/api/schemas/offline-trainer.schema';
import type { Db } from '../db/client';
import { offlineCourses, offlineSessions } from '../db/schema';
import { HttpError } from '../http/errors';
import { currentCodes, newCodeSecret } from './offline-trainer-codes';
import { localize } from './courses';
import type { Caller } from './quizzes';

// The trainer's screen (issue 14, ADR 031; issue 43, ADR 077): a session's check-in and check-out
// codes are for the session's own trainer only. No other role reads them (a manager answers for
// enrolments, not for a classroom; the project has no administrator role). Learners never do.

type SessionRow = typeof offlineSessions.$inferSelect;
type CourseRow = typeof offlineCourses.$inferSelect;

/** The session, if the caller is its trainer: 404 for no session, 403 for anyone else. */
async function trainersSession(db: Db, sessionId: number, caller: Caller, lock = false): Promise<{ session: SessionRow; course: CourseRow }> {
  const query = db
    .select({ session: offlineSessions, course: offlineCourses })
    .from(offlineSessions)
    .innerJoin(offlineCourses, eq(offlineCourses.id, offlineSessions.courseId))
    .where(eq(offlineSessions.id, sessionId));
  const [row] = lock ? await query.for('update', { of: offlineSessions }) : await query;
  if (!row) throw new HttpError(404, 'server:offline_session_not_found');
  if (row.session.trainerId !== caller.userId) throw new HttpError(403, 'server:offline_not_session_trainer', {}, { code: API_ERROR_CODE.forbidden });
  return row;
}

function codesOf(session: SessionRow, course: CourseRow, caller: Caller): OfflineSessionCodes {
  const now = caller.now.getTime();
  const codes = currentCodes(session.codeSecret, now);
  return {
    session_id: String(session.id),
    session_title: localize(session.title, caller.lang),
    course_id: String(course.id),
    course_title: localize(course.title, caller.lang),
    venue: localize(course.venue, caller.lang),
    starts_at: session.startsAt.toISOString(),
    ends_at: session.endsAt.toISOString(),
    window_opens_at: session.windowOpensAt.toISOString(),
    window_closes_at: session.windowClosesAt.toISOString(),
    check_in_code: codes.checkIn,
    check_out_code: codes.checkOut,
    changes_in_ms: codes.changesAt.getTime() - now,
  };
}

export async function offlineSessionCodes(db: Db, sessionId: number, caller: Caller): Promise<OfflineSessionCodes> {
  const { session, course } = await trainersSession(db, sessionId, caller);
  return codesOf(session, course, caller);
}

/** "New codes": a new secret, so every code shown or passed on before stops working at once. */
export async function rotateOfflineSessionCodes(db: Db, sessionId: number, caller: Caller): Promise<OfflineSessionCodes> {
  return db.transaction(async (tx) => {
    const { session, course } = await trainersSession(tx, sessionId, caller, true);
    const [rotated] = await tx.update(offlineSessions).set({ codeSecret: newCodeSecret() }).where(eq(offlineSessions.id, session.id)).returning();
    return codesOf(rotated, course, caller);
  });
}
