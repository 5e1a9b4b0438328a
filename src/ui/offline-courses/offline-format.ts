import { formatDate, formatDateTime, formatTime } from '../format/date-format';
import { languageHeaderValue } from '../../config/constants';

// Dates, money and hours of the classroom pages in the interface's language.

export function offlineFormat(language: string) {
  const locale = languageHeaderValue(language);
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  return {
    // One date and time style per language, as on every page (../format/date-format.ts).
    dateTime: (iso: string) => formatDateTime(iso, language),
    date: (iso: string) => formatDate(iso, language),
    time: (iso: string) => formatTime(iso, language),
    number: (n: number) => number.format(n),
  };
}
