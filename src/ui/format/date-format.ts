// Issue 43 item 25: one date and time style per interface language, for every page (ADR 081).
//   en: "1 Dec 2026", "1 Dec 2026, 19:49"   (Hong Kong English: day month year, 24-hour clock)
//   zh, cn: "2026年12月1日", "2026年12月1日 19:49"
// Written by hand, not with Intl: the first Intl.DateTimeFormat of a page costs 50–75 ms at 4× CPU
// (ADR 048), and Intl's zh-HK clock is 12-hour ("下午7:49"). Times are in the browser's time zone.

const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const EN_MONTHS_LONG = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const two = (n: number) => String(n).padStart(2, '0');
const isChinese = (lang: string) => lang === 'zh' || lang === 'cn' || lang.startsWith('zh');

function parse(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A calendar date: "1 Dec 2026" / "2026年12月1日"; the text itself when unreadable. */
export function formatDate(value: string | Date, lang: string): string {
  const d = parse(value);
  if (!d) return String(value);
  return isChinese(lang) ? `${d.getFullYear()}年${d.getMonth() + 1}月${d.getDate()}日` : `${d.getDate()} ${EN_MONTHS[d.getMonth()]} ${d.getFullYear()}`;
}

/** A date of the contract's yyyy-mm-dd form (a period's bound: no time zone shift). */
export function formatCalendarDay(day: string, lang: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? formatDate(`${day}T00:00:00`, lang) : formatDate(day, lang);
}

/** A long date for a certificate: "1 December 2026" / "2026年12月1日". */
export function formatLongDate(value: string | Date, lang: string): string {
  const d = parse(value);
  if (!d) return String(value);
  return isChinese(lang) ? formatDate(d, lang) : `${d.getDate()} ${EN_MONTHS_LONG[d.getMonth()]} ${d.getFullYear()}`;
}

/** The time of day, 24-hour: "19:49" (with seconds: "19:49:05"). */
export function formatTime(value: string | Date, lang: string, { seconds = false } = {}): string {
  void lang; // the same clock in the three languages
  const d = parse(value);
  if (!d) return String(value);
  return `${two(d.getHours())}:${two(d.getMinutes())}${seconds ? `:${two(d.getSeconds())}` : ''}`;
}

/** A moment: "1 Dec 2026, 19:49" / "2026年12月1日 19:49". */
export function formatDateTime(value: string | Date, lang: string, options: { seconds?: boolean } = {}): string {
  const d = parse(value);
  if (!d) return String(value);
  return `${formatDate(d, lang)}${isChinese(lang) ? ' ' : ', '}${formatTime(d, lang, options)}`;
}

// Date fields: a text field in the language's order (Chromium's date input follows the browser's
// locale, not the page's: a Hong Kong user on an en-US browser got mm/dd/yyyy).

/** The field's pattern as shown to the user. */
export function dateInputPattern(lang: string): string {
  return isChinese(lang) ? 'yyyy/mm/dd' : 'dd/mm/yyyy';
}

/** yyyy-mm-dd (the contract's) as the field shows it: "01/12/2026" / "2026/12/01"; '' stays ''. */
export function toDateInput(iso: string, lang: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  const [, y, mo, d] = m;
  return isChinese(lang) ? `${y}/${mo}/${d}` : `${d}/${mo}/${y}`;
}

/** What the user typed, as yyyy-mm-dd; null when it is no real date in the language's order. */
export function fromDateInput(text: string, lang: string): string | null {
  const t = text.trim();
  // The contract's own form is understood too (pasted, or typed by a tester).
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  const local = isChinese(lang) ? /^(\d{4})[/.\-年](\d{1,2})[/.\-月](\d{1,2})日?$/.exec(t) : /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  let y: number, mo: number, d: number;
  if (iso) [y, mo, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (local && isChinese(lang)) [y, mo, d] = [Number(local[1]), Number(local[2]), Number(local[3])];
  else if (local) [d, mo, y] = [Number(local[1]), Number(local[2]), Number(local[3])];
  else return null;
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${two(mo)}-${two(d)}`;
}
