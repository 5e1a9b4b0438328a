import type { TFunction } from 'i18next';
import { languageHeaderValue } from '../../config/constants';

/** A date of the contract (ISO 8601) in the interface language; the text itself when unreadable. */
export function formatDate(iso: string, lang: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(languageHeaderValue(lang), { dateStyle: 'medium' }).format(date);
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
  return new Intl.NumberFormat(languageHeaderValue(lang), { style: 'unit', unit: mb ? 'megabyte' : 'kilobyte', maximumFractionDigits: 1 }).format(value);
}

export function formatNumber(value: number, lang: string): string {
  return new Intl.NumberFormat(languageHeaderValue(lang)).format(value);
}
