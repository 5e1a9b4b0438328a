import { describe, expect, it } from 'vitest';
import { daysLeft, dueDate, hkDate, licenceInPeriod, monthOfPeriod, type LicenceInPeriod, periodBounds, periodDays, periodOf, periodOfDay, type PeriodRule } from './cpd-period';

// Issue 45 "Must show": the rule table of the period split. The period is 1 Aug 00:00 – 31 Jul
// 23:59:59.999 Asia/Hong_Kong (UTC+8, no daylight saving), named by the year it starts in.

const at = (iso: string) => new Date(iso);

describe('the period holding an instant (Hong Kong midnight of 31 July / 1 August)', () => {
  it.each([
    // instant (UTC)                 Hong Kong time                   period
    ['2026-07-31T15:59:58.000Z', '31 Jul 2026 23:59:58, two seconds before', 2025],
    ['2026-07-31T15:59:59.000Z', '31 Jul 2026 23:59:59, the last second', 2025],
    ['2026-07-31T15:59:59.999Z', '31 Jul 2026 23:59:59.999, the last millisecond', 2025],
    ['2026-07-31T16:00:00.000Z', '1 Aug 2026 00:00:00, the first instant', 2026],
    ['2026-07-31T16:00:01.000Z', '1 Aug 2026 00:00:01, one second after', 2026],
    // The UTC date is still 31 July for eight hours of the new period, and already 1 August for none of the old.
    ['2026-07-31T23:59:59.000Z', '1 Aug 2026 07:59:59 (UTC still 31 Jul)', 2026],
    ['2026-08-01T00:00:00.000Z', '1 Aug 2026 08:00:00', 2026],
    ['2027-07-31T15:59:59.000Z', '31 Jul 2027 23:59:59, the end of 2026', 2026],
    ['2027-07-31T16:00:00.000Z', '1 Aug 2027 00:00:00', 2027],
    // Leap year: 29 Feb 2028 is in period 2027 (1 Aug 2027 – 31 Jul 2028).
    ['2028-02-28T16:00:00.000Z', '29 Feb 2028 00:00:00', 2027],
    ['2028-02-29T15:59:59.000Z', '29 Feb 2028 23:59:59', 2027],
    ['2026-01-15T09:00:00.000Z', '15 Jan 2026, mid-period', 2025],
  ])('%s (%s) is in period %i', (instant, _hk, period) => {
    expect(periodOf(at(instant))).toBe(period);
    expect(periodOf(at(instant).getTime())).toBe(period);
  });

  it('gives the Hong Kong date of an instant, one second either side of midnight', () => {
    expect(hkDate(at('2026-07-31T15:59:59.000Z'))).toBe('2026-07-31');
    expect(hkDate(at('2026-07-31T16:00:00.000Z'))).toBe('2026-08-01');
    expect(hkDate(at('2028-02-28T16:00:00.000Z'))).toBe('2028-02-29');
    expect(hkDate(at('2027-12-31T16:00:00.000Z'))).toBe('2028-01-01');
  });

  it.each([
    ['2026-07-31', 2025],
    ['2026-08-01', 2026],
    ['2028-02-29', 2027],
    ['2028-07-31', 2027],
    ['2028-08-01', 2028],
  ])('the Hong Kong date %s is in period %i', (day, period) => expect(periodOfDay(day)).toBe(period));
});

describe('the bounds of a period', () => {
  it('starts at the Hong Kong midnight of 1 August and ends (exclusive) at the next one', () => {
    expect(periodBounds(2026)).toEqual({ start: at('2026-07-31T16:00:00.000Z'), end: at('2027-07-31T16:00:00.000Z') });
    expect(periodDays(2026)).toEqual({ startsOn: '2026-08-01', endsOn: '2027-07-31' });
    // Every instant of the bounds is in the period, and nothing either side of them.
    const { start, end } = periodBounds(2026);
    expect(periodOf(start)).toBe(2026);
    expect(periodOf(end.getTime() - 1)).toBe(2026);
    expect(periodOf(start.getTime() - 1)).toBe(2025);
    expect(periodOf(end)).toBe(2027);
  });

  it('holds 366 days in a leap period and 365 otherwise', () => {
    const days = (y: number) => (periodBounds(y).end.getTime() - periodBounds(y).start.getTime()) / 86_400_000;
    expect(days(2027)).toBe(366);
    expect(days(2026)).toBe(365);
    expect(days(2028)).toBe(365);
  });

  it('follows the settings when a compliance officer moves the start (data, not code)', () => {
    const april: PeriodRule = { startMonth: 4, startDay: 1 };
    expect(periodBounds(2026, april).start).toEqual(at('2026-03-31T16:00:00.000Z'));
    expect(periodOf(at('2026-03-31T15:59:59Z'), april)).toBe(2025);
    expect(periodOf(at('2026-03-31T16:00:00Z'), april)).toBe(2026);
    expect(periodDays(2026, april)).toEqual({ startsOn: '2026-04-01', endsOn: '2027-03-31' });
  });
});

describe('days left', () => {
  it.each([
    ['2026-07-31T16:00:00.000Z', 2026, 365, 'the first instant of the period'],
    ['2027-07-30T16:00:00.000Z', 2026, 1, '31 Jul 00:00 HK: the last day'],
    ['2027-07-31T15:59:59.000Z', 2026, 1, '31 Jul 23:59:59 HK: still the last day'],
    ['2027-07-31T16:00:00.000Z', 2026, 0, '1 Aug 00:00 HK: over'],
    ['2027-07-29T16:00:01.000Z', 2026, 2, '30 Jul 00:00:01 HK'],
    ['2030-01-01T00:00:00.000Z', 2026, 0, 'a past period'],
    ['2026-01-01T00:00:00.000Z', 2026, 365, 'a period not begun'],
    ['2027-07-31T16:00:00.000Z', 2027, 366, 'a leap period from its start'],
  ])('%s in period %i: %i (%s)', (now, period, left) => expect(daysLeft(at(now), period)).toBe(left));
});

describe('a licence granted mid-period owes the pro-rated target of its month; nothing carries over', () => {
  it.each([
    ['2026-08-01', 1],
    ['2026-08-31', 1],
    ['2026-09-01', 2],
    ['2026-12-15', 5],
    ['2027-01-01', 6],
    ['2027-02-28', 7],
    ['2027-07-31', 12],
    ['2028-02-29', 7],
  ])('%s is month %i of its period', (day, month) => expect(monthOfPeriod(day)).toBe(month));

  it.each<[string, number, LicenceInPeriod, string]>([
    ['2019-05-01', 2026, { owes: 'full' }, 'licensed before the period'],
    ['2026-07-31', 2026, { owes: 'full' }, 'licensed the day before it began'],
    ['2026-08-01', 2026, { owes: 'prorated', month: 1 }, 'licensed on its first day'],
    ['2027-01-20', 2026, { owes: 'prorated', month: 6 }, 'licensed in January'],
    ['2027-07-31', 2026, { owes: 'prorated', month: 12 }, 'licensed on its last day'],
    ['2027-01-20', 2027, { owes: 'full' }, 'the next period: the full target'],
    ['2027-01-20', 2025, { owes: 'nothing' }, 'a period before the licence'],
  ])('licensed %s, period %i: %o (%s)', (licensedOn, period, owes) => expect(licenceInPeriod(licensedOn, period)).toEqual(owes));
});

describe('the dates after a period', () => {
  it('the declaration (30 Sep) and the insurer report (31 Oct) fall after the period ends', () => {
    expect(dueDate(2026, '09-30')).toBe('2027-09-30');
    expect(dueDate(2026, '10-31')).toBe('2027-10-31');
    expect(dueDate(2026, '07-31')).toBe('2028-07-31');
  });
});
