import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/** Issue 14: a recruit's request to merge into an agent account; the emailed link's token, hashed. */
export const accountMergeRequests = pgTable(
  'account_merge_requests',
  {
    /** SHA-256 of the token, hex: a leaked table does not give working links. */
    tokenHash: text('token_hash').primaryKey(),
    recruitId: bigint('recruit_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agentId: bigint('agent_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The company email the link went to. */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** A newer link of the same recruit replaced this one: it no longer works (issue 43). */
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('account_merge_requests_recruit_id_idx').on(t.recruitId), index('account_merge_requests_agent_id_idx').on(t.agentId)],
);

/** The rows a merge moved, by table: each row's primary key as it is after the move. */
export type MovedRows = Record<string, Record<string, unknown>[]>;

/** Whole rows as `to_jsonb` gives them, by table. */
export type RowImages = Record<string, Record<string, unknown>[]>;

/**
 * What a merge changed besides moving rows (issue 43), so that its undo restores both accounts
 * exactly: rows combined or trimmed in place (each as it was before), rows removed (whole), rows
 * added (their primary keys).
 */
export interface MergeChanges {
  updated: RowImages;
  removed: RowImages;
  inserted: RowImages;
}

/** The audit entry of each merge: from whom to whom, what moved and what stayed; undone_at once undone. */
export const accountMerges = pgTable(
  'account_merges',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    recruitId: bigint('recruit_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    agentId: bigint('agent_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    moved: jsonb('moved').$type<MovedRows>().notNull(),
    /** Rows the agent already had an equal of (same course, same attachment …): they stay with the recruit. */
    conflicts: jsonb('conflicts').$type<Record<string, number>>().notNull(),
    changes: jsonb('changes').$type<MergeChanges>().notNull().default({ updated: {}, removed: {}, inserted: {} }),
    /** SHA-256 of the undo token given to the agent when the merge ran (issue 43: undo within the window). */
    undoTokenHash: text('undo_token_hash'),
    createdAt: createdAt(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [
    // 'agent account already merged before' (SPEC §8), and a recruit merges once, whatever runs at the same time.
    uniqueIndex('account_merges_agent_once_idx').on(t.agentId).where(sql`${t.undoneAt} is null`),
    uniqueIndex('account_merges_recruit_once_idx').on(t.recruitId).where(sql`${t.undoneAt} is null`),
  ],
);
