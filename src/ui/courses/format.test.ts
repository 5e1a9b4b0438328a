import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatNumber, formatSize } from './format';

afterEach(() => vi.restoreAllMocks());

describe('the catalogue formats (ADR 048)', () => {
  it('write dates, sizes and numbers in each interface language', () => {
    expect(formatDate('2026-07-31T04:00:00.000Z', 'en')).toBe('Jul 31, 2026');
    expect(formatDate('2026-07-31T04:00:00.000Z', 'zh')).toBe('2026年7月31日');
    expect(formatDate('2026-07-31T04:00:00.000Z', 'cn')).toBe('2026年7月31日');
    expect(formatDate('not a date', 'en')).toBe('not a date');
    expect(formatSize(2048, 'en')).toBe('2 kB');
    expect(formatSize(3.5 * 1024 * 1024, 'en')).toBe('3.5 MB');
    expect(formatNumber(12345, 'en')).toBe('12,345');
  });

  it('make one formatter per kind and language, not one per value', () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    for (let day = 1; day <= 24; day += 1) formatDate(`2026-03-${String(day).padStart(2, '0')}T00:00:00.000Z`, 'en');
    for (let day = 1; day <= 24; day += 1) formatDate(`2026-03-${String(day).padStart(2, '0')}T00:00:00.000Z`, 'zh');
    // Made earlier in this file, or once here: never once per date.
    expect(made.mock.calls.length).toBeLessThanOrEqual(2);
    expect(formatDate('2026-03-02T00:00:00.000Z', 'en')).not.toBe(formatDate('2026-03-02T00:00:00.000Z', 'zh'));
  });
});
