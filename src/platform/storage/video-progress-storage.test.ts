import { describe, expect, it } from 'vitest';
import type { KeyValueStore } from './on-screen-record-storage';
import { createVideoProgressStorage, VIDEO_PROGRESS_KEY } from './video-progress-storage';

function memoryStore(): KeyValueStore & { memory: Map<string, string> } {
  const memory = new Map<string, string>();
  return { memory, getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => void memory.set(k, v), removeItem: (k) => void memory.delete(k) };
}

describe('video progress kept across reloads (issue 11 §2)', () => {
  it('keeps the progress per learner and attachment', () => {
    const store = memoryStore();
    const storage = createVideoProgressStorage(store);
    storage.write('1', 'a1', { position: 5, maxPlayed: 7 });
    storage.write('1', 'a2', { position: 1, maxPlayed: 1 });
    storage.write('1', 'a1', { position: 6, maxPlayed: 8 });
    expect(createVideoProgressStorage(store).read('1', 'a1')).toEqual({ position: 6, maxPlayed: 8 });
    expect(storage.read('1', 'a2')).toEqual({ position: 1, maxPlayed: 1 });
    // Another learner on the same browser starts from the beginning.
    expect(storage.read('2', 'a1')).toBeNull();
  });

  it('drops what it cannot trust (corrupt or negative entries)', () => {
    const store = memoryStore();
    const storage = createVideoProgressStorage(store);
    store.setItem(VIDEO_PROGRESS_KEY, 'not json');
    expect(storage.read('1', 'a1')).toBeNull();
    store.setItem(VIDEO_PROGRESS_KEY, JSON.stringify({ '1/a1': { position: -3, maxPlayed: 2 }, '1/a2': 'x' }));
    expect(storage.read('1', 'a1')).toBeNull();
    expect(storage.read('1', 'a2')).toBeNull();
    storage.write('1', 'a3', { position: 2, maxPlayed: 2 });
    expect(storage.read('1', 'a3')).toEqual({ position: 2, maxPlayed: 2 });
  });
});
