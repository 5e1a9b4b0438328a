import { describe, expect, it } from 'vitest';
import { dateInputPattern, formatCalendarDay, formatDate, formatDateTime, formatLongDate, formatTime, fromDateInput, toDateInput } from './date-format';

// Issue 43 item 25: one date and time style per language (ADR 081). The moments are local times
// (the browser's zone), so the expectations do not depend on the machine's zone.
const evening = new Date(2026, 11, 1, 19, 49, 5).toISOString();
const morning = new Date(2026, 7, 1, 7, 5).toISOString();

describe('the one date and time style per language', () => {
  it('en: day month year, 24-hour clock', () => {
    expect(formatDate(evening, 'en')).toBe('1 Dec 2026');
    expect(formatDateTime(evening, 'en')).toBe('1 Dec 2026, 19:49');
    expect(formatDateTime(evening, 'en', { seconds: true })).toBe('1 Dec 2026, 19:49:05');
    expect(formatTime(morning, 'en')).toBe('07:05');
    expect(formatLongDate(evening, 'en')).toBe('1 December 2026');
    expect(formatCalendarDay('2026-08-01', 'en')).toBe('1 Aug 2026');
  });

  it('zh and cn: 年月日 and a 24-hour clock', () => {
    for (const lang of ['zh', 'cn']) {
      expect(formatDate(evening, lang)).toBe('2026年12月1日');
      expect(formatDateTime(evening, lang)).toBe('2026年12月1日 19:49');
      expect(formatLongDate(evening, lang)).toBe('2026年12月1日');
      expect(formatCalendarDay('2027-07-31', lang)).toBe('2027年7月31日');
    }
  });

  it('gives an unreadable text back as it came', () => {
    expect(formatDate('soon', 'en')).toBe('soon');
    expect(formatDateTime('soon', 'zh')).toBe('soon');
  });
});

describe('date fields in the language’s order', () => {
  it('shows yyyy-mm-dd as dd/mm/yyyy in English and yyyy/mm/dd in Chinese', () => {
    expect(dateInputPattern('en')).toBe('dd/mm/yyyy');
    expect(toDateInput('2026-12-01', 'en')).toBe('01/12/2026');
    expect(toDateInput('2026-12-01', 'zh')).toBe('2026/12/01');
    expect(dateInputPattern('cn')).toBe('yyyy/mm/dd');
    expect(toDateInput('', 'en')).toBe('');
  });

  it('reads what is typed in that order (and the contract’s own form); refuses what is no date', () => {
    expect(fromDateInput('01/12/2026', 'en')).toBe('2026-12-01');
    expect(fromDateInput('1/2/2026', 'en')).toBe('2026-02-01');
    expect(fromDateInput('2026/12/1', 'zh')).toBe('2026-12-01');
    expect(fromDateInput('2026年12月1日', 'cn')).toBe('2026-12-01');
    expect(fromDateInput('2026-09-01', 'en')).toBe('2026-09-01');
    expect(fromDateInput('31/02/2026', 'en')).toBeNull();
    expect(fromDateInput('12/31/2026', 'en')).toBeNull();
    expect(fromDateInput('01/12', 'en')).toBeNull();
  });
});
