import { z } from 'zod/mini';
import { browserStore, type KeyValueStore } from './on-screen-record-storage';

// Issue 11 §2: a reload in the middle of a video resumes where the learner was, and what they had
// played stays open to seeking. Kept per signed-in user and attachment in local storage (a shared
// browser must not give one learner another's progress). Only a convenience: the server judges a
// finish by the time it credited, never by this.

export const VIDEO_PROGRESS_KEY = 'videoProgress';

const progressSchema = z.object({ position: z.number().check(z.gte(0)), maxPlayed: z.number().check(z.gte(0)) });
export type StoredVideoProgress = z.infer<typeof progressSchema>;

export interface VideoProgressStorage {
  read(owner: string, attachmentId: string): StoredVideoProgress | null;
  write(owner: string, attachmentId: string, progress: StoredVideoProgress): void;
}

const entryKey = (owner: string, attachmentId: string) => `${owner}/${attachmentId}`;

export function createVideoProgressStorage(store: KeyValueStore = browserStore()): VideoProgressStorage {
  const readAll = (): Record<string, unknown> => {
    try {
      const parsed: unknown = JSON.parse(store.getItem(VIDEO_PROGRESS_KEY) ?? '{}');
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  };
  return {
    read(owner, attachmentId) {
      const parsed = progressSchema.safeParse(readAll()[entryKey(owner, attachmentId)]);
      return parsed.success ? parsed.data : null;
    },
    write(owner, attachmentId, progress) {
      store.setItem(VIDEO_PROGRESS_KEY, JSON.stringify({ ...readAll(), [entryKey(owner, attachmentId)]: progress }));
    },
  };
}
