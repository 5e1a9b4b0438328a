import { describe, expect, it } from 'vitest';
import { PAUSE_CREDIT_CAP_MS, pauseCredit, pauseIsLive, pausesAllowed } from './quizzes-pause';

// ADR 030: what an identity prompt gives back, decided from the server's own records.
const MIN = 60_000;

describe('pauses of a timed attempt', () => {
  it('hold until the cap has passed', () => {
    expect(pauseIsLive(null, 0)).toBe(false);
    expect(pauseIsLive(1000, 1000)).toBe(true);
    expect(pauseIsLive(1000, 1000 + PAUSE_CREDIT_CAP_MS - 1)).toBe(true);
    expect(pauseIsLive(1000, 1000 + PAUSE_CREDIT_CAP_MS)).toBe(false);
  });

  it('give back the time to the first passed check, at most the cap, nothing without one or before the pause', () => {
    expect(pauseCredit(10 * MIN, 12 * MIN)).toBe(2 * MIN);
    expect(pauseCredit(10 * MIN, 10 * MIN)).toBe(0);
    expect(pauseCredit(10 * MIN, 30 * MIN)).toBe(PAUSE_CREDIT_CAP_MS);
    expect(pauseCredit(10 * MIN, null)).toBe(0);
    expect(pauseCredit(10 * MIN, 9 * MIN)).toBe(0);
  });

  it('come no more often than one per minimum interval since the start', () => {
    expect(pausesAllowed(0, 0, 15 * MIN)).toBe(1);
    expect(pausesAllowed(0, 15 * MIN - 1, 15 * MIN)).toBe(1);
    expect(pausesAllowed(0, 15 * MIN, 15 * MIN)).toBe(2);
    expect(pausesAllowed(0, 46 * MIN, 15 * MIN)).toBe(4);
    // A zero interval (a test setting) still allows one per second, never infinitely many.
    expect(pausesAllowed(0, 10_000, 0)).toBe(11);
    expect(pausesAllowed(5000, 0, MIN)).toBe(1);
  });
});
