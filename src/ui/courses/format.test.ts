import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatNumber, formatSize } from './format';

afterEach(() => vi.restoreAllMocks());

describe('the catalogue formats (ADR 048)', () => {
  it('write dates, sizes and numbers in each interface language', () => {
    expect(formatDate('2026-07-31T04:00:00.000Z', 'en')).toBe('31 Jul 2026');
    expect(formatDate('2026-07-31T04:00:00.000Z', 'zh')).toBe('2026年7月31日');
    expect(formatDate('2026-07-31T04:00:00.000Z', 'cn')).toBe('2026年7月31日');
    expect(formatDate('not a date', 'en')).toBe('not a date');
    expect(formatSize(2048, 'en')).toBe('2 kB');
    expect(formatSize(3.5 * 1024 * 1024, 'en')).toBe('3.5 MB');
    expect(formatNumber(12345, 'en')).toBe('12,345');
  });

  it('make one formatter per kind and language, not one per value', () => {
    const Real = Intl.NumberFormat;
    let made = 0;
    vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (...args: ConstructorParameters<typeof Intl.NumberFormat>) {
      made += 1;
      return new Real(...args);
    } as never);
    for (let kb = 1; kb <= 24; kb += 1) formatSize(kb * 1024, 'en');
    for (let kb = 1; kb <= 24; kb += 1) formatSize(kb * 1024, 'zh');
    // Made earlier in this file, or once here: never once per value.
    expect(made).toBeLessThanOrEqual(2);
    expect(formatSize(2048, 'zh')).toBe(new Real('zh-HK', { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1 }).format(2));
  });

  it('write the cards\' dates and numbers without making an Intl formatter (its first costs 50–75 ms at 4× CPU)', () => {
    const dates = vi.spyOn(Intl, 'DateTimeFormat');
    const numbers = vi.spyOn(Intl, 'NumberFormat');
    for (const lang of ['en', 'zh', 'cn']) {
      formatDate('2026-03-02T00:00:00.000Z', lang);
      formatNumber(1234, lang);
      formatNumber(1.5, lang);
    }
    expect(dates).not.toHaveBeenCalled();
    expect(numbers).not.toHaveBeenCalled();
  });

  it('write exactly what Intl writes, in each interface language', () => {
    // English as Hong Kong writes it: day month year (issue 43, ADR 081).
    const locales = { en: 'en-GB', zh: 'zh-HK', cn: 'zh-CN' } as const;
    // A fixed pseudo-random sequence: the same values on every run.
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const times = [Date.UTC(1970, 0, 1), Date.UTC(2026, 11, 31, 23, 59, 59), Date.UTC(2000, 1, 29, 12), ...Array.from({ length: 300 }, () => Math.floor(random() * 4_102_444_800_000))];
    const values = [0, 1, 999, 1000, 1001, 12_345, 999_999, 1_000_000, 1234567.1235, 0.5, 1.0005, 2.675, 0.1 + 0.2, 7.25, 99.9999, ...Array.from({ length: 300 }, (_, i) => (i % 2 ? Math.floor(random() * 10 ** (i % 10)) : Math.round(random() * 10 ** (i % 7)) / 10 ** (i % 5)))];
    for (const [lang, locale] of Object.entries(locales)) {
      const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
      const number = new Intl.NumberFormat(locale === 'en-GB' ? 'en' : locale);
      // Newer ICU writes September "Sept" in en-GB; the app keeps three letters for every month.
      for (const t of times) expect(formatDate(new Date(t).toISOString(), lang), `${lang} ${new Date(t).toISOString()}`).toBe(date.format(new Date(t)).replace('Sept', 'Sep'));
      for (const v of values) expect(formatNumber(v, lang), `${lang} ${v}`).toBe(number.format(v));
    }
    // Outside what they write by hand, Intl itself.
    expect(formatNumber(-1234.5, 'en')).toBe(new Intl.NumberFormat('en').format(-1234.5));
    expect(formatNumber(Number.NaN, 'en')).toBe(new Intl.NumberFormat('en').format(Number.NaN));
  });
});
