import { describe, expect, it } from 'vitest';
import { ON_SCREEN_CLOCK_SLACK_SECONDS } from '../../src/config/constants';
import { checkClaim } from './on-screen-time';

describe('checkClaim (anti-inflation)', () => {
  const now = Date.UTC(2026, 0, 15, 9, 0, 0);
  const slack = ON_SCREEN_CLOCK_SLACK_SECONDS;

  it('accepts up to the seconds since the key plus the slack, and no more', () => {
    expect(checkClaim(now, now - 60_000, 60 + slack)).toBe('ok');
    expect(checkClaim(now, now - 60_000, 60 + slack + 1)).toBe('too_long');
    expect(checkClaim(now, now - 500, 5)).toBe('ok');
    expect(checkClaim(now, now - 500, 6)).toBe('too_long');
  });

  it('allows a key slightly ahead (clock skew) but not beyond the slack', () => {
    expect(checkClaim(now, now + slack * 1000 - 1000, 1)).toBe('ok');
    expect(checkClaim(now, now + slack * 1000, 1)).toBe('too_long');
    expect(checkClaim(now, now + slack * 1000 + 1, 1)).toBe('future_key');
  });
});
