import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEY } from '../../config/constants';
import { createOnScreenRecordStorage, OUTBOX_KEY } from './on-screen-record-storage';

const item = { courseID: '1', itemID: '2', duration: 30, key: 1_767_000_000_000 };
const pdf = { courseID: '1', attachmentID: '3', duration: 12, completedPage: 4, key: 1_767_000_060_000 };

beforeEach(() => localStorage.clear());

describe('on-screen record storage (localStorage)', () => {
  it('keeps the current record under onScreenDuration', () => {
    const storage = createOnScreenRecordStorage();
    expect(storage.readCurrent()).toBeNull();
    storage.writeCurrent(item);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY.onScreenDuration)!)).toEqual(item);
    // Another page load reads the same record.
    expect(createOnScreenRecordStorage().readCurrent()).toEqual(item);
    storage.clearCurrent();
    expect(storage.readCurrent()).toBeNull();
  });

  it('moves records to the outbox in order, the stored current one when given none', () => {
    const storage = createOnScreenRecordStorage();
    storage.writeCurrent(item);
    storage.enqueue(null);
    expect(storage.readCurrent()).toBeNull();
    storage.enqueue(pdf);
    expect(storage.readOutbox()).toEqual([item, pdf]);
    storage.remove(item);
    expect(storage.readOutbox()).toEqual([pdf]);
    storage.remove(pdf);
    expect(localStorage.getItem(OUTBOX_KEY)).toBeNull();
  });

  it('never queues a zero record, nor the same record twice', () => {
    const storage = createOnScreenRecordStorage();
    storage.writeCurrent({ ...item, duration: 0 });
    storage.enqueue(null);
    storage.enqueue({ ...pdf, duration: 0 });
    expect(storage.readOutbox()).toEqual([]);
    expect(storage.readCurrent()).toBeNull();
    storage.enqueue(item);
    storage.enqueue({ ...item, duration: 31 });
    storage.enqueue(null); // nothing stored: nothing moves
    expect(storage.readOutbox()).toEqual([{ ...item, duration: 31 }]);
    // Same key, another target: a different record.
    storage.enqueue({ ...item, itemID: '9' });
    expect(storage.readOutbox()).toHaveLength(2);
  });

  it('drops corrupt entries instead of crashing', () => {
    const storage = createOnScreenRecordStorage();
    localStorage.setItem(STORAGE_KEY.onScreenDuration, '{not json');
    expect(storage.readCurrent()).toBeNull();
    localStorage.setItem(STORAGE_KEY.onScreenDuration, JSON.stringify({ ...item, attachmentID: '3' }));
    expect(storage.readCurrent()).toBeNull();
    localStorage.setItem(STORAGE_KEY.onScreenDuration, JSON.stringify({ ...item, duration: -1 }));
    storage.enqueue(null);
    expect(storage.readOutbox()).toEqual([]);
    localStorage.setItem(OUTBOX_KEY, JSON.stringify([item, { courseID: 1 }, 'x', null, pdf]));
    expect(storage.readOutbox()).toEqual([item, pdf]);
    localStorage.setItem(OUTBOX_KEY, '{"a":1}');
    expect(storage.readOutbox()).toEqual([]);
    storage.enqueue(item);
    expect(storage.readOutbox()).toEqual([item]);
  });

  it('works on any store (an in-memory one here)', () => {
    const map = new Map<string, string>();
    const storage = createOnScreenRecordStorage({ getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) });
    storage.writeCurrent(pdf);
    storage.enqueue(null);
    expect(JSON.parse(map.get(OUTBOX_KEY)!)).toEqual([pdf]);
    expect(localStorage.length).toBe(0);
  });
});
