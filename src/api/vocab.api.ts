import { callRoute } from './call-route';
import type { VocabBookmarks, VocabList } from './schemas/vocab.schema';
import { bookmarkVocabRoute, listVocabBookmarksRoute, listVocabRoute, unbookmarkVocabRoute, vocabLastUpdateRoute } from './schemas/vocab.routes';

// The vocabulary glossary (SPEC §7 Vocabulary): the list, its last-update time, the learner's bookmarks.

export function listVocab(): Promise<VocabList> {
  return callRoute(listVocabRoute, {});
}

/** SPEC §7: "plain text timestamp, possibly quoted", and a space where ISO has T (SPEC §3). */
export function normalizeVocabTime(text: string): string {
  return text.trim().replace(/^"(.*)"$/, '$1').replace(' ', 'T');
}

export async function getVocabLastUpdate(): Promise<string> {
  return normalizeVocabTime(await callRoute(vocabLastUpdateRoute, {}));
}

export function listVocabBookmarks(): Promise<VocabBookmarks> {
  return callRoute(listVocabBookmarksRoute, {});
}

/** Bookmarks the entry (on) or takes the bookmark back; the server's answer is all or nothing. */
export function setVocabBookmark(id: string, on: boolean): Promise<void> {
  return callRoute(on ? bookmarkVocabRoute : unbookmarkVocabRoute, { params: { id } });
}
