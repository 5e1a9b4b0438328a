import type { Language } from '../../src/config/constants';

// Issue 45 (ADR 085): dates printed on the CPD papers, in Hong Kong time whatever the server's zone,
// written as each language writes them (en: 2 December 2026; zh/cn: 2026年12月2日).

const LOCALE: Record<Language, string> = { en: 'en-GB', zh: 'zh-HK', cn: 'zh-CN' };

/** A Hong Kong calendar day ('2026-12-02') as the language writes it. */
export function printedDay(day: string, lang: Language): string {
  const [y, m, d] = day.split('-').map(Number);
  if (lang !== 'en') return `${y}年${m}月${d}日`;
  return new Intl.DateTimeFormat(LOCALE.en, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** A moment, to the minute, in Hong Kong time. */
export function printedMoment(at: Date | string, lang: Language): string {
  const hk = new Date(new Date(at).getTime() + 8 * 3_600_000);
  const day = printedDay(hk.toISOString().slice(0, 10), lang);
  return `${day} ${hk.toISOString().slice(11, 16)} (HKT)`;
}
