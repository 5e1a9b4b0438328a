import { bigint, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/**
 * The vocabulary glossary (SPEC §3 "Vocabulary entry", §7 Vocabulary): a word and its explanation in
 * English, simplified Chinese (zh_cn, the app's cn) and traditional Chinese (zh_hk, the app's zh).
 * Every change to it (a statement on this table, migration 0028) moves settings' vocab_last_update,
 * which the client compares with its cached copy: a deleted entry moves it too, which max(updated_at)
 * would not.
 */
export const vocabEntries = pgTable(
  'vocab_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    wordEn: text('word_en').notNull(),
    wordZhCn: text('word_zh_cn').notNull(),
    wordZhHk: text('word_zh_hk').notNull(),
    explanationEn: text('explanation_en').notNull(),
    explanationZhCn: text('explanation_zh_cn').notNull(),
    explanationZhHk: text('explanation_zh_hk').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('vocab_entries_word_en_idx').on(t.wordEn, t.id)],
);

/** A learner's bookmarked entries (SPEC §7: PUT / DELETE vocabs/bookmarks/{id}). */
export const vocabBookmarks = pgTable(
  'vocab_bookmarks',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vocabId: bigint('vocab_id', { mode: 'number' })
      .notNull()
      .references(() => vocabEntries.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.vocabId] })],
);
