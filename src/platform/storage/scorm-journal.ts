import { scormCommitPayloadSchema, type ScormCommitPayload } from '../../api/schemas/scorm.schema';
import type { KeyValueStore } from './on-screen-record-storage';

// Issue 13, ADR 029: the newest SCORM commit the server has not confirmed, per item, in session
// storage (this tab; cleared at sign-out), so a commit lost with a closing window or a failed
// keepalive is sent by the next launch in this tab. The data model is a whole snapshot: the
// newest entry contains the older ones. What is read back is validated; a corrupt entry is dropped.

export const SCORM_JOURNAL_PREFIX = 'scorm-journal-';

export interface ScormJournal {
  read(itemId: string): ScormCommitPayload | null;
  /** Keeps `commit` unless a newer one of the item is kept already. */
  write(itemId: string, commit: ScormCommitPayload): void;
  /** Forgets the entry once the server holds (launch, seq) or a newer commit. */
  confirm(itemId: string, held: { launch: number; seq: number }): void;
}

/** Session storage, or memory where it is missing or throws. */
export function sessionStore(): KeyValueStore {
  const memory = new Map<string, string>();
  const attempt = <T>(run: (s: Storage) => T, otherwise: () => T): T => {
    try {
      return run(sessionStorage);
    } catch {
      return otherwise();
    }
  };
  return {
    getItem: (k) => attempt((s) => s.getItem(k), () => memory.get(k) ?? null),
    setItem: (k, v) => attempt((s) => s.setItem(k, v), () => void memory.set(k, v)),
    removeItem: (k) => attempt((s) => s.removeItem(k), () => void memory.delete(k)),
  };
}

const newer = (a: { launch: number; seq: number }, b: { launch: number; seq: number }) => a.launch > b.launch || (a.launch === b.launch && a.seq > b.seq);

export function createScormJournal(store: KeyValueStore = sessionStore()): ScormJournal {
  const read = (itemId: string): ScormCommitPayload | null => {
    const text = store.getItem(SCORM_JOURNAL_PREFIX + itemId);
    if (text === null) return null;
    try {
      const parsed = scormCommitPayloadSchema.safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data;
    } catch {
      // not JSON: dropped below
    }
    store.removeItem(SCORM_JOURNAL_PREFIX + itemId);
    return null;
  };
  return {
    read,
    write(itemId, commit) {
      const kept = read(itemId);
      if (kept && !newer(commit, kept)) return;
      store.setItem(SCORM_JOURNAL_PREFIX + itemId, JSON.stringify(commit));
    },
    confirm(itemId, held) {
      const kept = read(itemId);
      if (kept && !newer(kept, held)) store.removeItem(SCORM_JOURNAL_PREFIX + itemId);
    },
  };
}
