import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

// Issue 45, ADR 087 (feature cpd-reminders): every CPD reminder sent, one row per person, period and
// mark. The row is inserted (ON CONFLICT DO NOTHING) BEFORE the message goes out, so however many
// processes share one PostgreSQL, and however often they restart, a reminder is sent at most once.

export const CPD_REMINDER_KINDS = ['agent_days', 'upline_week'] as const;
export type CpdReminderKind = (typeof CPD_REMINDER_KINDS)[number];

export const cpdRemindersSent = pgTable(
  'cpd_reminders_sent',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    periodStartYear: integer('period_start_year').notNull(),
    /** agent_days: the agent's reminder at `mark` days before the period's last day; upline_week: the upline's weekly list, week `mark` from the first. */
    kind: text('kind', { enum: CPD_REMINDER_KINDS }).notNull(),
    mark: integer('mark').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    /** What it said: the minutes still needed (total and E/R) when sent; for the upline, how many were short. */
    neededMinutes: integer('needed_minutes').notNull(),
    neededEthicsMinutes: integer('needed_ethics_minutes').notNull(),
  },
  (t) => [
    uniqueIndex('cpd_reminders_sent_once').on(t.userId, t.periodStartYear, t.kind, t.mark),
    index('cpd_reminders_sent_period_idx').on(t.periodStartYear, t.kind),
    check('cpd_reminders_sent_mark', sql`${t.mark} >= 0`),
  ],
);
export type CpdReminderSentRow = typeof cpdRemindersSent.$inferSelect;
