import { describe, expect, it } from 'vitest';
import type { KeyValueStore } from './on-screen-record-storage';
import { createScormJournal, SCORM_JOURNAL_PREFIX } from './scorm-journal';

const memory = (): KeyValueStore & { map: Map<string, string> } => {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
};
const commit = (launch: number, seq: number) => ({
  launch,
  seq,
  finished: false,
  version: '1.2' as const,
  completion: 'incomplete' as const,
  success: 'unknown' as const,
  score: null,
  location: `p${seq}`,
  suspend_data: '{}',
  cmi: '{}',
});

describe('SCORM journal (ADR 029)', () => {
  it('keeps the newest unconfirmed commit per item, never an older one over it', () => {
    const j = createScormJournal(memory());
    j.write('5', commit(1, 2));
    j.write('5', commit(1, 1));
    expect(j.read('5')).toMatchObject({ launch: 1, seq: 2 });
    j.write('5', commit(2, 1));
    expect(j.read('5')).toMatchObject({ launch: 2, seq: 1 });
    expect(j.read('6')).toBeNull();
  });

  it('forgets an entry once the server holds it or a newer one, not before', () => {
    const j = createScormJournal(memory());
    j.write('5', commit(2, 3));
    j.confirm('5', { launch: 2, seq: 2 });
    expect(j.read('5')).not.toBeNull();
    j.confirm('5', { launch: 2, seq: 3 });
    expect(j.read('5')).toBeNull();
    j.write('5', commit(2, 4));
    j.confirm('5', { launch: 3, seq: 1 });
    expect(j.read('5')).toBeNull();
  });

  it('drops a corrupt or invalid entry instead of sending it', () => {
    const store = memory();
    const j = createScormJournal(store);
    store.setItem(`${SCORM_JOURNAL_PREFIX}5`, '{not json');
    expect(j.read('5')).toBeNull();
    store.setItem(`${SCORM_JOURNAL_PREFIX}5`, JSON.stringify({ ...commit(1, 0) }));
    expect(j.read('5')).toBeNull();
    expect(store.map.size).toBe(0);
  });
});
