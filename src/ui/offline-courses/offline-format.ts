import { languageHeaderValue } from '../../config/constants';

// Dates, money and hours of the classroom pages in the interface's language.

export function offlineFormat(language: string) {
  const locale = languageHeaderValue(language);
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short' });
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  return {
    dateTime: (iso: string) => dateTime.format(new Date(iso)),
    date: (iso: string) => date.format(new Date(iso)),
    time: (iso: string) => time.format(new Date(iso)),
    number: (n: number) => number.format(n),
  };
}
