import { z } from 'zod/mini';
import { answerValueSchema } from '../../api/schemas/quizzes.schema';
import { browserStore, type KeyValueStore } from './on-screen-record-storage';

// Issue 13: an answer that was given is never lost. Every answer the server has not confirmed is
// kept here (local storage, per attempt) through offline periods, reloads and crashes, and is
// replayed when the server is reachable; the server keeps the highest seq per question, so a
// replay of something it already has changes nothing. What is read back is validated: a corrupt
// entry is dropped, never sent.

export const JOURNAL_PREFIX = 'quizJournal:';

const entrySchema = z.object({ questionId: z.string(), value: answerValueSchema, seq: z.int() });
export type JournalEntry = z.infer<typeof entrySchema>;

export interface QuizJournal {
  /** The unsent answers of an attempt (valid entries only). */
  read(attemptId: string): JournalEntry[];
  /** Replaces the attempt's unsent answers; an empty list removes the attempt's entry. */
  write(attemptId: string, unsent: JournalEntry[]): void;
}

function parse(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function createQuizJournal(store: KeyValueStore = browserStore()): QuizJournal {
  return {
    read(attemptId) {
      const list = parse(store.getItem(JOURNAL_PREFIX + attemptId));
      if (!Array.isArray(list)) return [];
      return list.flatMap((entry) => {
        const parsed = entrySchema.safeParse(entry);
        return parsed.success && parsed.data.seq > 0 ? [parsed.data] : [];
      });
    },
    write(attemptId, unsent) {
      if (!attemptId) return;
      if (unsent.length === 0) store.removeItem(JOURNAL_PREFIX + attemptId);
      else store.setItem(JOURNAL_PREFIX + attemptId, JSON.stringify(unsent.map(({ questionId, value, seq }) => ({ questionId, value, seq }))));
    },
  };
}
