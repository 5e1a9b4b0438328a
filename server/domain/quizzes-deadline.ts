import type { QuizAvailability } from '../../src/api/schemas/quizzes.schema';

// ADR 025: the attempt's deadline and the quiz's availability, pure (times in ms of the server's clock).

/**
 * Seconds after the deadline in which an answer already in flight (sent before time-up, arriving
 * late over a slow network) is still taken. The issue allows at most 60 s.
 */
export const GRACE_SECONDS = 30;
export const GRACE_MS = GRACE_SECONDS * 1000;

const MINUTE_MS = 60_000;

export interface DeadlineInput {
  startedAt: number;
  /** Null: untimed. */
  timeLimitMinutes: number | null;
  /** The learner's extra minutes (0 for most); only counts with a time limit. */
  extraMinutes: number;
  /** Null: no closing time. */
  closesAt: number | null;
}

/**
 * The deadline fixed at the start: min(start + limit + extra, closing time); null when there is
 * neither a limit nor a closing time. `cut`: the closing time came before the limit's end (or an
 * untimed quiz ends at its closing time: the learner is told either way).
 */
export function deadlineOf({ startedAt, timeLimitMinutes, extraMinutes, closesAt }: DeadlineInput): { deadline: number | null; cut: boolean } {
  const byLimit = timeLimitMinutes === null ? null : startedAt + (timeLimitMinutes + Math.max(0, extraMinutes)) * MINUTE_MS;
  if (closesAt === null) return { deadline: byLimit, cut: false };
  if (byLimit === null || closesAt < byLimit) return { deadline: closesAt, cut: true };
  return { deadline: byLimit, cut: false };
}

/** Answers and submissions are the learner's until the deadline plus the grace (inclusive). */
export function isPastGrace(deadline: number | null, now: number): boolean {
  return deadline !== null && now > deadline + GRACE_MS;
}

export interface AvailabilityInput {
  now: number;
  /** Every lesson item of the course is completed by the learner. */
  itemsCompleted: boolean;
  closesAt: number | null;
  /** The learner has a passed attempt. */
  passed: boolean;
  /** Attempts started (finished or open). */
  attemptsUsed: number;
  /** Null: unlimited. */
  attemptsAllowed: number | null;
  hasOpenAttempt: boolean;
}

/**
 * SPEC §4: a submitted (passed) quiz cannot be taken again; an open attempt can always be resumed
 * (its deadline never passes the closing time); otherwise the course's items must be done, the quiz
 * not closed, and an attempt left.
 */
export function availabilityOf(a: AvailabilityInput): QuizAvailability {
  if (a.passed) return 'submitted';
  if (a.hasOpenAttempt) return 'available';
  if (!a.itemsCompleted) return 'course_incomplete';
  if (a.closesAt !== null && a.now >= a.closesAt) return 'closed';
  if (a.attemptsAllowed !== null && a.attemptsUsed >= a.attemptsAllowed) return 'no_attempts_left';
  return 'available';
}

/** SPEC §4: the retake alert shows after the Nth failed attempt — until the quiz is passed (issue 43). */
export const retakeAlert = (failedAttempts: number, retakeAlertAfter: number, passed = false): boolean => !passed && failedAttempts >= retakeAlertAfter;
