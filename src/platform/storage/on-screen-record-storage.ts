import { onScreenRecordSchema, type OnScreenRecord } from '../../api/schemas/on-screen-time.schema';
import { STORAGE_KEY } from '../../config/constants';

// SPEC §3: the current on-screen record lives in local storage under onScreenDuration until it
// ends; ended records wait in an outbox until the server has them, so a closed tab, a crash or a
// failed send loses nothing. Everything read back is validated: a corrupt entry is dropped.

/** The outbox of ended records, oldest first. */
export const OUTBOX_KEY = 'onScreenDurationOutbox';

/** The part of the Web Storage API used here (tests pass an in-memory one). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface OnScreenRecordStorage {
  readCurrent(): OnScreenRecord | null;
  writeCurrent(record: OnScreenRecord): void;
  clearCurrent(): void;
  readOutbox(): OnScreenRecord[];
  /** Queues `record` (or the stored current one, when null) and clears the current record. A
   * record of zero seconds is never queued (SPEC §5); one already queued is replaced, not doubled. */
  enqueue(record: OnScreenRecord | null): void;
  /** Removes a sent record from the outbox. */
  remove(record: OnScreenRecord): void;
}

/** A record's identity: its target and the time it began (the server's idempotency key). */
const sameRecord = (a: OnScreenRecord, b: OnScreenRecord): boolean => a.key === b.key && a.itemID === b.itemID && a.attachmentID === b.attachmentID;

function parse(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Storage can be missing or throw (private modes, quota): then records live in memory. */
export function browserStore(): KeyValueStore {
  const memory = new Map<string, string>();
  const fallback: KeyValueStore = {
    getItem: (k) => memory.get(k) ?? null,
    setItem: (k, v) => void memory.set(k, v),
    removeItem: (k) => void memory.delete(k),
  };
  const attempt = <T>(run: (s: Storage) => T, otherwise: () => T): T => {
    try {
      return run(localStorage);
    } catch {
      return otherwise();
    }
  };
  return {
    getItem: (k) => attempt((s) => s.getItem(k), () => fallback.getItem(k)),
    setItem: (k, v) => attempt((s) => s.setItem(k, v), () => fallback.setItem(k, v)),
    removeItem: (k) => attempt((s) => s.removeItem(k), () => fallback.removeItem(k)),
  };
}

export function createOnScreenRecordStorage(store: KeyValueStore = browserStore()): OnScreenRecordStorage {
  const readCurrent = (): OnScreenRecord | null => {
    const parsed = onScreenRecordSchema.safeParse(parse(store.getItem(STORAGE_KEY.onScreenDuration)));
    return parsed.success ? parsed.data : null;
  };
  const readOutbox = (): OnScreenRecord[] => {
    const list = parse(store.getItem(OUTBOX_KEY));
    if (!Array.isArray(list)) return [];
    return list.flatMap((entry) => {
      const parsed = onScreenRecordSchema.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    });
  };
  const writeOutbox = (records: OnScreenRecord[]) => {
    if (records.length === 0) store.removeItem(OUTBOX_KEY);
    else store.setItem(OUTBOX_KEY, JSON.stringify(records));
  };
  const clearCurrent = () => store.removeItem(STORAGE_KEY.onScreenDuration);
  return {
    readCurrent,
    writeCurrent: (record) => store.setItem(STORAGE_KEY.onScreenDuration, JSON.stringify(record)),
    clearCurrent,
    readOutbox,
    enqueue(record) {
      const ended = record ?? readCurrent();
      // Written to the outbox before the current one goes: a crash in between leaves it in both
      // places, and the server's idempotency key makes the second send a no-op.
      if (ended && ended.duration > 0) {
        const outbox = readOutbox();
        const at = outbox.findIndex((r) => sameRecord(r, ended));
        writeOutbox(at === -1 ? [...outbox, ended] : outbox.map((r, i) => (i === at ? ended : r)));
      }
      clearCurrent();
    },
    remove(record) {
      writeOutbox(readOutbox().filter((r) => !sameRecord(r, record)));
    },
  };
}
