import type { VocabEntry } from '../../api/schemas/vocab.schema';

// SPEC §4 "Vocabulary cache": a search matches a lowercased query against all six word and
// explanation fields, case-insensitive for the English ones.

const ENGLISH_FIELDS = ['word_en', 'explanation_en'] as const;
const CHINESE_FIELDS = ['word_zh_cn', 'word_zh_hk', 'explanation_zh_cn', 'explanation_zh_hk'] as const;

/** Whether the entry matches the search box's words (an empty box matches everything). */
export function vocabMatches(entry: VocabEntry, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (q === '') return true;
  return ENGLISH_FIELDS.some((field) => entry[field].toLowerCase().includes(q)) || CHINESE_FIELDS.some((field) => entry[field].includes(q));
}
