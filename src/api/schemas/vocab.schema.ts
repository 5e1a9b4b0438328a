import { z } from 'zod/mini';
import { idTextSchema } from './bounds.schema';

// The vocabulary glossary (SPEC §3 "Vocabulary entry", §4 "Vocabulary cache", §7 Vocabulary, ADR 076):
// every entry at once (the client keeps a copy and asks for the last-update time before reading it
// again), and the learner's bookmarks.

export const vocabEntrySchema = z.object({
  id: z.string(),
  word_en: z.string(),
  word_zh_cn: z.string(),
  word_zh_hk: z.string(),
  explanation_en: z.string(),
  explanation_zh_cn: z.string(),
  explanation_zh_hk: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type VocabEntry = z.infer<typeof vocabEntrySchema>;

/** GET vocabs: the whole glossary, ordered by its English words. */
export const vocabListSchema = z.array(vocabEntrySchema);
export type VocabList = z.infer<typeof vocabListSchema>;

/** GET vocabs/last_update: a plain-text timestamp (SPEC §7: "possibly quoted"). */
export const vocabLastUpdateSchema = z.string();

/** GET vocabs/bookmarks: the learner's bookmarked entries, of which only the id is read. */
export const vocabBookmarksSchema = z.array(z.object({ id: z.string() }));
export type VocabBookmarks = z.infer<typeof vocabBookmarksSchema>;

/** The glossary as a browser keeps it (SPEC §4): the entries and the server's last-update time read before them. */
export const vocabCacheSchema = z.object({ lastUpdate: z.string(), entries: vocabListSchema });
export type VocabCache = z.infer<typeof vocabCacheSchema>;

/** PUT / DELETE vocabs/bookmarks/{id}: an entry's id. */
export const vocabIdParamSchema = z.object({ id: idTextSchema });
