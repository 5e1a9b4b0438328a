import { describe, expect, it } from 'vitest';
import { availabilityOf, deadlineOf, GRACE_MS, GRACE_SECONDS, isPastGrace, retakeAlert, type AvailabilityInput } from './quizzes-deadline';

// ADR 025: the deadline fixed at the start, the grace, and SPEC §4's availability rules.

const T0 = Date.UTC(2026, 0, 15, 9, 0, 0);
const MIN = 60_000;

describe('deadlineOf', () => {
  it('start + limit + extra time', () => {
    expect(deadlineOf({ startedAt: T0, timeLimitMinutes: 10, extraMinutes: 0, closesAt: null })).toEqual({ deadline: T0 + 10 * MIN, cut: false });
    expect(deadlineOf({ startedAt: T0, timeLimitMinutes: 10, extraMinutes: 5, closesAt: null })).toEqual({ deadline: T0 + 15 * MIN, cut: false });
  });

  it('negative extra time never takes time away', () => {
    expect(deadlineOf({ startedAt: T0, timeLimitMinutes: 10, extraMinutes: -3, closesAt: null }).deadline).toBe(T0 + 10 * MIN);
  });

  it('the closing time cuts the limit short, and says so; a later closing time changes nothing', () => {
    expect(deadlineOf({ startedAt: T0, timeLimitMinutes: 10, extraMinutes: 5, closesAt: T0 + 12 * MIN })).toEqual({ deadline: T0 + 12 * MIN, cut: true });
    expect(deadlineOf({ startedAt: T0, timeLimitMinutes: 10, extraMinutes: 0, closesAt: T0 + 10 * MIN })).toEqual({ deadline: T0 + 10 * MIN, cut: false });
    expect(deadlineOf({ startedAt: T0, timeLimitMinutes: 10, extraMinutes: 0, closesAt: T0 + 11 * MIN })).toEqual({ deadline: T0 + 10 * MIN, cut: false });
  });

  it('untimed: no deadline, or the closing time', () => {
    expect(deadlineOf({ startedAt: T0, timeLimitMinutes: null, extraMinutes: 5, closesAt: null })).toEqual({ deadline: null, cut: false });
    expect(deadlineOf({ startedAt: T0, timeLimitMinutes: null, extraMinutes: 0, closesAt: T0 + 60 * MIN })).toEqual({ deadline: T0 + 60 * MIN, cut: true });
  });
});

describe('isPastGrace', () => {
  it('takes answers up to and including the deadline plus the grace (at most 60 s)', () => {
    expect(GRACE_SECONDS).toBeGreaterThan(0);
    expect(GRACE_SECONDS).toBeLessThanOrEqual(60);
    const deadline = T0 + 3 * MIN;
    expect(isPastGrace(deadline, deadline)).toBe(false);
    expect(isPastGrace(deadline, deadline + GRACE_MS)).toBe(false);
    expect(isPastGrace(deadline, deadline + GRACE_MS + 1)).toBe(true);
    expect(isPastGrace(null, T0 + 365 * 24 * 60 * MIN)).toBe(false);
  });
});

describe('availabilityOf (SPEC §4)', () => {
  const base: AvailabilityInput = { now: T0, itemsCompleted: true, closesAt: null, passed: false, attemptsUsed: 0, attemptsAllowed: null, hasOpenAttempt: false };

  it.each<[string, Partial<AvailabilityInput>, string]>([
    ['every item done', {}, 'available'],
    ['items not done', { itemsCompleted: false }, 'course_incomplete'],
    ['closed', { closesAt: T0 }, 'closed'],
    ['closes later', { closesAt: T0 + 1 }, 'available'],
    ['passed: submitted, whatever else', { passed: true, itemsCompleted: false, closesAt: T0 - 1 }, 'submitted'],
    ['attempts used up', { attemptsUsed: 2, attemptsAllowed: 2 }, 'no_attempts_left'],
    ['an attempt left', { attemptsUsed: 1, attemptsAllowed: 2 }, 'available'],
    ['unlimited', { attemptsUsed: 50, attemptsAllowed: null }, 'available'],
    ['an open attempt is resumed', { hasOpenAttempt: true, attemptsUsed: 1, attemptsAllowed: 1 }, 'available'],
  ])('%s', (_, change, expected) => {
    expect(availabilityOf({ ...base, ...change })).toBe(expected);
  });

  it('the retake alert shows from the Nth failed attempt', () => {
    expect(retakeAlert(1, 2)).toBe(false);
    expect(retakeAlert(2, 2)).toBe(true);
    expect(retakeAlert(3, 2)).toBe(true);
  });
});
