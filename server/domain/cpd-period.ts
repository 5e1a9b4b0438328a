// Issue 45: the CPD assessment period (GL24: 1 August 00:00 – 31 July 23:59:59.999, Asia/Hong_Kong),
// by the server's clock. Pure. A period is named by the year it starts in: 2026 is 1 Aug 2026 –
// 31 Jul 2027. Hong Kong keeps UTC+8 all year (no daylight saving), so a Hong Kong date is the UTC
// date of the instant 8 hours later. The month and day a period starts on are configuration
// (cpd_settings); GL24_PERIOD is what the settings row holds unless a compliance officer changes it.

/** The first month (1–12) and day of a period. */
export interface PeriodRule {
  startMonth: number;
  startDay: number;
}

/** GL24's period (the seeded cpd_settings row): tests and pure callers without the settings row. */
export const GL24_PERIOD: PeriodRule = { startMonth: 8, startDay: 1 };

const HK_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

const ms = (instant: Date | number) => (typeof instant === 'number' ? instant : instant.getTime());
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const ymd = (d: Date) => `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
/** 'YYYY-MM-DD' → its UTC midnight (ms): Hong Kong dates are compared and counted as plain days. */
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The Hong Kong date of an instant, 'YYYY-MM-DD'. */
export function hkDate(instant: Date | number): string {
  return ymd(new Date(ms(instant) + HK_OFFSET_MS));
}

/** The period holding a Hong Kong date. */
export function periodOfDay(day: string, rule: PeriodRule = GL24_PERIOD): number {
  const d = new Date(dayMs(day));
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + 1;
  const started = month > rule.startMonth || (month === rule.startMonth && d.getUTCDate() >= rule.startDay);
  return started ? year : year - 1;
}

/** The period holding an instant (its Hong Kong date). */
export function periodOf(instant: Date | number, rule: PeriodRule = GL24_PERIOD): number {
  return periodOfDay(hkDate(instant), rule);
}

/** The period's first and last Hong Kong dates, both included. */
export function periodDays(startYear: number, rule: PeriodRule = GL24_PERIOD): { startsOn: string; endsOn: string } {
  const first = Date.UTC(startYear, rule.startMonth - 1, rule.startDay);
  const next = Date.UTC(startYear + 1, rule.startMonth - 1, rule.startDay);
  return { startsOn: ymd(new Date(first)), endsOn: ymd(new Date(next - DAY_MS)) };
}

/** The period's instants: from its first Hong Kong midnight, to the next period's (exclusive). */
export function periodBounds(startYear: number, rule: PeriodRule = GL24_PERIOD): { start: Date; end: Date } {
  return {
    start: new Date(Date.UTC(startYear, rule.startMonth - 1, rule.startDay) - HK_OFFSET_MS),
    end: new Date(Date.UTC(startYear + 1, rule.startMonth - 1, rule.startDay) - HK_OFFSET_MS),
  };
}

/**
 * The Hong Kong calendar days left in the period at `now`, today included (on its last day: 1);
 * 0 once it has ended. A period not yet begun has all its days left.
 */
export function daysLeft(now: Date | number, startYear: number, rule: PeriodRule = GL24_PERIOD): number {
  const { start, end } = periodBounds(startYear, rule);
  const from = Math.max(ms(now), start.getTime());
  if (from >= end.getTime()) return 0;
  return Math.ceil((end.getTime() - from) / DAY_MS);
}

/** Month 1–12 of its period that a Hong Kong date falls in (1 = the month the period starts in). */
export function monthOfPeriod(day: string, rule: PeriodRule = GL24_PERIOD): number {
  const d = new Date(dayMs(day));
  let months = (d.getUTCFullYear() - periodOfDay(day, rule)) * 12 + (d.getUTCMonth() + 1) - rule.startMonth;
  // A period starting on day n: days 1..n-1 of a month belong to the month of the period before.
  if (d.getUTCDate() < rule.startDay) months -= 1;
  return months + 1;
}

/** The first Hong Kong date after the period's end falling on 'MM-DD' (the declaration, the insurer's report). */
export function dueDate(startYear: number, monthDay: string, rule: PeriodRule = GL24_PERIOD): string {
  const { endsOn } = periodDays(startYear, rule);
  const endYear = Number(endsOn.slice(0, 4));
  const candidate = `${pad(endYear, 4)}-${monthDay}`;
  return candidate > endsOn ? candidate : `${pad(endYear + 1, 4)}-${monthDay}`;
}

/** Whether a Hong Kong date lies in [from, to], both days included ('YYYY-MM-DD' compare as text). */
export const dayWithin = (day: string, from: string, to: string): boolean => day >= from && day <= to;

/**
 * What a licence granted on `licensedOn` (Hong Kong date) owes in period `startYear`: the full
 * target when held since before the period began; the pro-rated target of the month it was granted
 * in, when granted during the period; nothing for a period that ended before it was granted.
 */
export type LicenceInPeriod = { owes: 'full' } | { owes: 'prorated'; month: number } | { owes: 'nothing' };

export function licenceInPeriod(licensedOn: string, startYear: number, rule: PeriodRule = GL24_PERIOD): LicenceInPeriod {
  const granted = periodOfDay(licensedOn, rule);
  if (granted < startYear) return { owes: 'full' };
  if (granted > startYear) return { owes: 'nothing' };
  return { owes: 'prorated', month: monthOfPeriod(licensedOn, rule) };
}
