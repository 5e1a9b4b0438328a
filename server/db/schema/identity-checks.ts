import { bigint, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { IDENTITY_CHECK_OUTCOMES, IDENTITY_CHECK_TYPES } from '../../../src/api/schemas/identity-checks.schema';
import { sessions } from './sessions';
import { users } from './users';

/** Continual-authentication evidence (SPEC §4): each prompt's answer, for the user and auditors. */
export const identityChecks = pgTable(
  'identity_checks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Evidence outlives the session it was taken in.
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    type: text('type', { enum: IDENTITY_CHECK_TYPES }).notNull(),
    outcome: text('outcome', { enum: IDENTITY_CHECK_OUTCOMES }).notNull(),
    courseId: text('course_id'),
    itemId: text('item_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('identity_checks_user_id_created_at_idx').on(t.userId, t.createdAt),
    // ADR 034: (created_at, id) is the auditor list's order, newest first: a page reads 20 entries, not a sort of all.
    index('identity_checks_created_at_id_idx').on(t.createdAt, t.id),
  ],
);

/**
 * How many identity checks were recorded on each UTC day, kept by triggers on identity_checks
 * (migration 0025, ADR 054): the auditor list's total, unfiltered or over whole days, sums a row a
 * day instead of counting up to 10,001 checks on each page.
 */
export const identityCheckCounts = pgTable('identity_check_counts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  checks: integer('checks').notNull().default(0),
});
