import type en from '../i18n/locales/en/nav-titles.json';
import type { RouteTitleHandle } from './layout/page-title';

export type TitleKey = keyof typeof en;

/** Route data of SPEC §2: the page's title is its nav-titles key; its text in each language
 * (title_en, title_cn, title_zh) is that key's entry in the language's catalogue, read from the
 * catalogue the page has loaded (routeTitle), so the route table carries no language's titles
 * (ADR 093: every language's, 3 KB gzip, were in the code every page loads). */
export function titled(key: TitleKey): RouteTitleHandle {
  return { title: key };
}

/** SPEC §1: the title part is empty for the main page (the page title is the product title). */
export const UNTITLED: RouteTitleHandle = { title: '', title_en: '', title_cn: '', title_zh: '' };
