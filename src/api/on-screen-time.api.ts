import { ApiRequestError } from './api-error';
import { callRoute } from './call-route';
import type { OnScreenCredit } from './schemas/viewings.schema';
import type { OnScreenLogPayload } from './schemas/on-screen-time.schema';
import { getCourseTotalRoute, putItemLogRoute } from './schemas/on-screen-time.routes';
import { CACHE_LIFETIME_MS, HEADER, RECORD_EXISTS_MESSAGE } from '../config/constants';

// SPEC §7 "On-screen time".

/** Idempotent by `payload.key`: a repeat rejects with 403 'Record exists' (see isRecordExists).
 * Answers the seconds the server credited (ADR 012). */
export function putItemLog(itemId: string, payload: OnScreenLogPayload): Promise<OnScreenCredit> {
  return callRoute(putItemLogRoute, { params: { id: itemId }, body: payload, headers: clientTimeHeader() });
}

/** The clock the record's key came from: the server learns the device's offset from it (ADR 010, 012). */
export function clientTimeHeader(now: number = Date.now()): Record<string, string> {
  return { [HEADER.clientTime]: String(now) };
}

/** SPEC §8: the duration sync's "already recorded" answer, which callers treat as success. */
export function isRecordExists(error: unknown): boolean {
  if (!(error instanceof ApiRequestError) || error.status !== 403) return false;
  return (error.body?.message ?? error.message) === RECORD_EXISTS_MESSAGE;
}

export type CourseTotal = { completed: true } | { completed: false; total: number };

interface CacheEntry {
  courseId: string;
  at: number;
  value: Promise<CourseTotal>;
}
// SPEC §7: one course's total is cached (CACHE_LIFETIME_MS); asking for another course drops it.
let cache: CacheEntry | null = null;

/** The seconds recorded for a course, or that it is completed (the timer then never runs). */
export function getCourseTotal(courseId: string, now: number = Date.now()): Promise<CourseTotal> {
  if (cache && cache.courseId === courseId && now - cache.at < CACHE_LIFETIME_MS) return cache.value;
  const value = callRoute(getCourseTotalRoute, { params: { id: courseId } }).then(
    (answer): CourseTotal => (Array.isArray(answer) ? { completed: true } : { completed: false, total: answer.total_duration }),
  );
  const entry: CacheEntry = { courseId, at: now, value };
  cache = entry;
  // A failure is not an answer: the next caller asks again.
  value.catch(() => {
    if (cache === entry) cache = null;
  });
  return value;
}

/** Forget the cached total (e.g. once time was sent for the course, or on logout). */
export function forgetCourseTotal(): void {
  cache = null;
}
