import { eq } from 'drizzle-orm';
import type { OfflineSessionCodes } from '../../src/api/schemas/offline-trainer.schema';
import type { Db } from '../db/client';
import { offlineCourses, offlineSessions, type UserRole } from '../db/schema';
import { HttpError } from '../http/errors';
import { localize } from './courses';
import type { Caller } from './quizzes';

// The trainer's screen (issue 14, ADR 031): a session's check-in and check-out codes, for the roles
// that run a classroom (trainer) or answer for it (manager). Learners never read the codes.

export const CODE_READERS: readonly UserRole[] = ['trainer', 'manager'];

export async function offlineSessionCodes(db: Db, sessionId: number, role: UserRole, caller: Caller): Promise<OfflineSessionCodes> {
  if (!CODE_READERS.includes(role)) throw new HttpError(403, 'server:forbidden_role');
  const [row] = await db
    .select({ session: offlineSessions, course: offlineCourses })
    .from(offlineSessions)
    .innerJoin(offlineCourses, eq(offlineCourses.id, offlineSessions.courseId))
    .where(eq(offlineSessions.id, sessionId));
  if (!row) throw new HttpError(404, 'server:offline_session_not_found');
  const { session, course } = row;
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
    check_in_code: session.checkInCode,
    check_out_code: session.checkOutCode,
  };
}
