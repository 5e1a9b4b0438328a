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

/** A date of the contract (ISO 8601) in the interface language; the text itself when unreadable. */
export function formatDate(iso: string, lang: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatter('date', lang, (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' })).format(date);
}

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
  return formatter('number', lang, (locale) => new Intl.NumberFormat(locale)).format(value);
}
