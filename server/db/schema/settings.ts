import { pgTable, text } from 'drizzle-orm/pg-core';

/** Server-wide values that every process must agree on (e.g. the generated JWT secret). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
