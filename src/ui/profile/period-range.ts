// Issue 45: the calendar periods of the profile's picker, as the From/To days the page already sends.

/** The calendar periods the page offers besides From/To (SPEC §4 Other: month, quarter, year). */
export type PeriodKind = 'month' | 'quarter' | 'year';

const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The days of a calendar month (part 1–12), quarter (part 1–4: Jan–Mar … Oct–Dec) or year of
 * `year`, both included: what the page sends as From/To, so the address and the server's rule stay
 * the one period form.
 */
export function periodRange(kind: PeriodKind, year: number, part = 1): { from: string; to: string } {
  const [first, last] = kind === 'month' ? [part, part] : kind === 'quarter' ? [3 * part - 2, 3 * part] : [1, 12];
  return { from: `${year}-${pad(first)}-01`, to: `${year}-${pad(last)}-${pad(lastDayOf(year, last))}` };
}
