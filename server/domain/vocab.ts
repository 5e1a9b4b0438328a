import { and, asc, eq, sql } from 'drizzle-orm';
import type { VocabBookmarks, VocabList } from '../../src/api/schemas/vocab.schema';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import { settings, vocabBookmarks, vocabEntries } from '../db/schema';
import { HttpError } from '../http/errors';
import { buildAppConfig } from './app-config';

// The vocabulary glossary (SPEC §7 Vocabulary, ADR 076). The whole list is small (hundreds of
// entries) and the same for everyone: the client keeps a copy and reads it again only when the
// last-update time has moved past its copy's.

/** The time before any entry was ever written: a client's copy of an empty glossary is as new as it. */
export const VOCAB_NEVER_UPDATED = '1970-01-01T00:00:00.000Z';
const LAST_UPDATE_KEY = 'vocab_last_update';

/** Every vocabulary operation is as unknown as a missing page while the feature flag is off (SPEC §9). */
export function assertVocabOn(config: ServerConfig): void {
  if (!buildAppConfig(config).appEnabledFunction.vocab) throw new HttpError(404, 'server:vocab_off');
}

export async function listVocab(db: Db): Promise<VocabList> {
  const rows = await db.select().from(vocabEntries).orderBy(asc(vocabEntries.wordEn), asc(vocabEntries.id));
  return rows.map((r) => ({
    id: String(r.id),
    word_en: r.wordEn,
    word_zh_cn: r.wordZhCn,
    word_zh_hk: r.wordZhHk,
    explanation_en: r.explanationEn,
    explanation_zh_cn: r.explanationZhCn,
    explanation_zh_hk: r.explanationZhHk,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  }));
}

/** Kept by migration 0028's statement trigger on vocab_entries. */
export async function vocabLastUpdate(db: Db): Promise<string> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, LAST_UPDATE_KEY));
  return row?.value ?? VOCAB_NEVER_UPDATED;
}

export async function listVocabBookmarks(db: Db, userId: number): Promise<VocabBookmarks> {
  const rows = await db
    .select({ id: vocabBookmarks.vocabId })
    .from(vocabBookmarks)
    .where(eq(vocabBookmarks.userId, userId))
    .orderBy(asc(vocabBookmarks.createdAt), asc(vocabBookmarks.vocabId));
  return rows.map((r) => ({ id: String(r.id) }));
}

/** Bookmarks the entry (on) or takes the bookmark back (off); a repeat changes nothing. 404 for an unknown entry. */
export async function setVocabBookmark(db: Db, userId: number, vocabId: number, on: boolean): Promise<void> {
  const [entry] = await db.select({ id: vocabEntries.id }).from(vocabEntries).where(eq(vocabEntries.id, vocabId));
  if (!entry) throw new HttpError(404, 'server:vocab_not_found');
  // Inserted from the entry's row: an entry removed meanwhile makes it insert nothing, not a
  // foreign-key error (a 500).
  if (on) {
    await db.execute(
      sql`insert into ${vocabBookmarks} (user_id, vocab_id) select ${userId}, ${vocabEntries.id} from ${vocabEntries} where ${vocabEntries.id} = ${vocabId} on conflict do nothing`,
    );
  }
  else await db.delete(vocabBookmarks).where(and(eq(vocabBookmarks.userId, userId), eq(vocabBookmarks.vocabId, vocabId)));
}
