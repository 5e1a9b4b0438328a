import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import { RECRUIT_KINDS } from '../../../src/api/schemas/recruit-accounts.schema';
import { createdAt } from './columns';
import { users } from './users';

/** Issue 14: the accounts a manager created for pre-recruits and recruits (SPEC §3 pre-recruit form). */
export const recruitAccounts = pgTable('recruit_accounts', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: RECRUIT_KINDS }).notNull(),
  /** The manager who filled in the form (the upline is the manager of the code entered). */
  createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});
