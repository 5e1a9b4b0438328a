import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Tries of the brute-force defence (auth/rate-limit.ts, ADR 013), so every server process on the
 * database sees the same counts: one row per key (e.g. "signin:account:agent01") and the time of
 * a try (window_start, a name kept from the fixed windows this table first held); count is the
 * tries made at that instant still counted as failures. The sliding window sums the recent rows.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limits_window_start_idx').on(t.windowStart)],
);
