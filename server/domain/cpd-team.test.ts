import { describe, expect, it } from 'vitest';
import { GL24_PERIOD } from './cpd-period';
import { complianceRow, cpdForecast, hoursText, periodPace, type Pace } from './cpd-team';

// Issue 45, ADR 087: the forecast rule, as a table written from the brief — at the pace of the
// period so far (credited minutes / elapsed days × total days), is the target reached by 31 July?

const base: Pace = { minutes: 0, ethicsMinutes: 0, targetMinutes: 900, targetEthicsMinutes: 180, elapsedDays: 100, totalDays: 365 };

describe('cpdForecast', () => {
  it.each<[string, Partial<Pace>, ReturnType<typeof cpdForecast>]>([
    ['both targets reached', { minutes: 900, ethicsMinutes: 180 }, 'met'],
    ['more than the target', { minutes: 1200, ethicsMinutes: 300 }, 'met'],
    ['total reached, E/R short, E/R pace enough', { minutes: 900, ethicsMinutes: 60 }, 'on_track'],
    ['total reached, E/R short, E/R pace too slow', { minutes: 900, ethicsMinutes: 40 }, 'at_risk'],
    ['exactly the pace (900 × 100 / 365 = 246.6 → 247 enough)', { minutes: 247, ethicsMinutes: 50 }, 'on_track'],
    ['one minute below the pace', { minutes: 246, ethicsMinutes: 50 }, 'at_risk'],
    ['E/R one minute below its pace (180 × 100 / 365 = 49.3)', { minutes: 400, ethicsMinutes: 49 }, 'at_risk'],
    ['nothing done yet', {}, 'at_risk'],
    ['not begun: no pace to judge by', { elapsedDays: 0, minutes: 10, ethicsMinutes: 10 }, 'at_risk'],
    ['the last day, short', { elapsedDays: 365, minutes: 899, ethicsMinutes: 180 }, 'at_risk'],
    ['the first day, one hour with E/R', { elapsedDays: 1, minutes: 60, ethicsMinutes: 60 }, 'on_track'],
    ['no target (a licence granted after the period)', { targetMinutes: 0, targetEthicsMinutes: 0 }, 'met'],
    ['demo agent01 on day 124: 660 / 300 E/R', { elapsedDays: 124, minutes: 660, ethicsMinutes: 300 }, 'on_track'],
    ['demo agent03 on day 124: 120 / 120 E/R', { elapsedDays: 124, minutes: 120, ethicsMinutes: 120 }, 'at_risk'],
  ])('%s → %s', (_what, pace, expected) => {
    expect(cpdForecast({ ...base, ...pace })).toBe(expected);
  });
});

describe('periodPace', () => {
  const at = (iso: string) => periodPace(2026, new Date(iso), { rule: GL24_PERIOD });
  it('counts Hong Kong days, today included', () => {
    expect(at('2026-07-31T16:00:00Z')).toEqual({ totalDays: 365, daysLeft: 365, elapsedDays: 1 }); // 1 Aug 00:00 HK
    expect(at('2026-07-31T15:59:59Z')).toEqual({ totalDays: 365, daysLeft: 365, elapsedDays: 0 }); // 31 Jul 23:59:59 HK: not begun
    expect(at('2027-07-31T15:59:59Z')).toEqual({ totalDays: 365, daysLeft: 1, elapsedDays: 365 }); // its last second
    expect(at('2027-07-31T16:00:00Z')).toEqual({ totalDays: 365, daysLeft: 0, elapsedDays: 365 }); // ended
    expect(periodPace(2027, new Date('2028-01-01T00:00:00Z'), { rule: GL24_PERIOD }).totalDays).toBe(366); // 29 Feb 2028
  });
});

describe('complianceRow', () => {
  it('says what is still needed, never below zero; an ended period short is at risk', () => {
    const pace = { totalDays: 365, daysLeft: 0, elapsedDays: 365 };
    const row = complianceRow({ id: 7, name: 'A', externalId: 'a' }, { minutes: 1000, ethicsMinutes: 100, targetMinutes: 900, targetEthicsMinutes: 180 }, pace);
    expect(row).toMatchObject({ user_id: '7', needed_minutes: 0, needed_ethics_minutes: 80, days_left: 0, forecast: 'at_risk' });
  });
});

describe('hoursText', () => {
  it.each([
    [0, '0.00'],
    [90, '1.50'],
    [900, '15.00'],
    [1, '0.02'],
    [59, '0.98'],
    [125, '2.08'],
  ])('%i minutes → %s hours', (minutes, text) => expect(hoursText(minutes)).toBe(text));
});
