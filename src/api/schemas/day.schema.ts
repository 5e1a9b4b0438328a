import { z } from 'zod/mini';
import { text } from './bounds.schema';

// The days a request may name, said once for every schema that takes a date (ADR 014: what the
// database can hold is refused with a translated 400, not left to PostgreSQL's error and a 500).
// A module of its own, so that only the pages with a date field load it.

/** The first and last day a request may name: PostgreSQL has no year 0000, and the day after
 * 9999-12-31 (a period's end includes its whole last day) has no four-digit year. */
export const FIRST_DAY = '0001-01-01';
export const LAST_DAY = '9999-12-30';

const FIRST_INSTANT = Date.parse(`${FIRST_DAY}T00:00:00Z`);
const LAST_INSTANT = Date.parse(`${LAST_DAY}T23:59:59.999Z`);

/** Whether a well-formed date (a whole UTC day) or date-time with an offset falls within those days. */
export function withinStorableDays(value: string): boolean {
  const instant = Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
  return instant >= FIRST_INSTANT && instant <= LAST_INSTANT;
}

/** A day, YYYY-MM-DD (UTC), that exists in the calendar and that the database can hold. */
export const daySchema = text({ error: 'validation:date_invalid' }).check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation:date_invalid' }),
  z.refine((v: string) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
    error: 'validation:date_invalid',
  }),
  z.refine((v: string) => v >= FIRST_DAY && v <= LAST_DAY, { error: 'validation:date_invalid' }),
);
