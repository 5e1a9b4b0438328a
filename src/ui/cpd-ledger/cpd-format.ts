import type { TFunction } from 'i18next';

// Issue 45: CPD amounts travel as whole minutes; the views write them as hours (up to 2 decimals,
// through plural forms) and on-screen seconds as h / min / s.

/** Minutes as hours, to 2 decimals at most (90 → 1.5, 100 → 1.67). */
export const hoursOf = (minutes: number): number => Math.round((minutes / 60) * 100) / 100;

/** "4 hours" / "1.5 hours" / "1 hour", through `key`'s plural forms ({{value}}, count). */
export function hoursText(t: TFunction, key: string, minutes: number): string {
  const hours = hoursOf(minutes);
  return t(key, { count: hours, value: String(hours) });
}

/** Seconds as "1 h 2 min 5 s" (the parts that are not zero; "0 s" for none). */
export function durationText(t: TFunction, seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const parts: string[] = [];
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h > 0) parts.push(t('cpd:duration.hours', { count: h }));
  if (m > 0) parts.push(t('cpd:duration.minutes', { count: m }));
  if (s % 60 > 0 || parts.length === 0) parts.push(t('cpd:duration.seconds', { count: s % 60 }));
  return parts.join(' ');
}
