import type { TFunction } from 'i18next';
import { languageHeaderValue } from '../../config/constants';

// Making an Intl formatter costs far more than using one (3.5 ms each at Lighthouse's 4× slowdown, ADR 048): a
// catalogue page formats two dates and a number per card. One formatter per kind and language.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function formatter<F extends Intl.DateTimeFormat | Intl.NumberFormat>(kind: string, lang: string, make: (locale: string) => F): F {
  const key = `${kind} ${lang}`;
  let made = formatters.get(key) as F | undefined;
  if (!made) {
    made = make(languageHeaderValue(lang));
    formatters.set(key, made);
  }
  return made;
}

// The first Intl.DateTimeFormat or Intl.NumberFormat of a page costs 50–75 ms at Lighthouse's 4×
// slowdown (ICU's data, loaded once; the second costs 6–10 ms): on a catalogue page it was half of
// the task that draws the first cards. The app's three languages write a plain number so simply
// that the cards write it without Intl, exactly as Intl does (format.test.ts compares the two over
// many values); dates come from ../format/date-format.ts, written by hand as well.
/** Intl.NumberFormat's default in the three languages: grouped by thousands with commas, at most three decimals. */
function plainNumber(value: number, lang: string): string | null {
  if (!(lang === 'en' || lang === 'zh' || lang === 'cn') || !(value >= 0) || value >= 1e15) return null;
  // Intl rounds the shortest decimal that reads back as the value (String's), half away from zero:
  // 1234567.1235 is 1,234,567.124, where toFixed, from the binary value, writes .123.
  const shortest = String(value);
  if (shortest.includes('e')) return null;
  const [whole, fraction = ''] = shortest.split('.');
  let digits = whole + fraction.slice(0, 3).padEnd(3, '0');
  if (fraction.length > 3 && fraction[3] >= '5') digits = (BigInt(digits) + 1n).toString().padStart(4, '0');
  const decimals = digits.slice(-3).replace(/0+$/, '');
  return digits.slice(0, -3).replace(/\B(?=(\d{3})+$)/g, ',') + (decimals ? `.${decimals}` : '');
}

/** A date of the contract (ISO 8601) in the interface language: the one style of every page. */
export { formatDate } from '../format/date-format';

/** Seconds as "m min s s" in the interface language. */
export function formatDuration(seconds: number, t: TFunction): string {
  const whole = Math.max(0, Math.round(seconds));
  return t('courses:duration', { minutes: Math.floor(whole / 60), seconds: whole % 60 });
}

/** Bytes as kB or MB, as the interface language writes them. */
export function formatSize(bytes: number, lang: string): string {
  const mb = bytes >= 1024 * 1024;
  const value = mb ? bytes / (1024 * 1024) : Math.max(1, Math.round(bytes / 1024));
  const unit = mb ? 'megabyte' : 'kilobyte';
  return formatter(unit, lang, (locale) => new Intl.NumberFormat(locale, { style: 'unit', unit, maximumFractionDigits: 1 })).format(value);
}

export function formatNumber(value: number, lang: string): string {
  return plainNumber(value, lang) ?? formatter('number', lang, (locale) => new Intl.NumberFormat(locale)).format(value);
}
